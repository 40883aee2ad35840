// biome-ignore lint/style/noRestrictedImports: the one module that imports zod itself, to configure it.
import { z } from "zod";

// Zod otherwise probes `new Function` for speed, which the site's Content-Security-Policy forbids in
// the browser (a console error on every page); the schemas here are small, so interpretation is fine.
// Schemas import `z` from here so the setting travels with them, and only into the bundles that use
// a schema ("sideEffects": false in package.json lets bundlers drop unused modules: pages without a
// form load no zod at all).
z.config({ jitless: true });

export { z };

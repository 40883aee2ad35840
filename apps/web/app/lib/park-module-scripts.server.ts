import { Transform } from "node:stream";
import { PARKED_PRELOAD, PARKED_SCRIPT } from "./deferred-hydration";

const TAG_REWRITES: readonly [string, string][] = [
  ['rel="modulepreload"', `rel="${PARKED_PRELOAD}"`],
  ['type="module"', `type="${PARKED_SCRIPT}"`],
];

/** Rewrites text that lies inside an HTML tag only (between `<` and `>`), never page content. */
function parkTags(html: string): string {
  return html.replace(/<(?:link|script)\b[^<>]*>/g, (tag) => {
    let parked = tag;
    for (const [from, to] of TAG_REWRITES) parked = parked.replace(from, to);
    return parked;
  });
}

/**
 * A stream of server HTML with React Router's module tags parked. A tag can be split across chunks,
 * so text from the last `<` on waits for the next chunk.
 */
export function parkModuleScripts(): Transform {
  const decoder = new TextDecoder();
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.decode(chunk, { stream: true });
      const cut = text.lastIndexOf("<");
      const ready = cut === -1 ? text : text.slice(0, cut);
      pending = cut === -1 ? "" : text.slice(cut);
      done(null, ready ? Buffer.from(parkTags(ready)) : undefined);
    },
    flush(done) {
      const rest = pending + decoder.decode();
      done(null, rest ? Buffer.from(parkTags(rest)) : undefined);
    },
  });
}

import { z } from "zod";

// Zod otherwise probes `new Function` for speed, which the site's Content-Security-Policy forbids in
// the browser (a console error on every page); the schemas here are small, so interpretation is fine.
z.config({ jitless: true });

export * from "./accounts/account-schemas.ts";
export * from "./accounts/interests.ts";
export * from "./accounts/roles.ts";
export * from "./constants.ts";
export * from "./content/collections.ts";
export * from "./format.ts";
export * from "./inquiries/index.ts";
export * from "./listing/country.ts";
export * from "./listing/deal-query.ts";
export * from "./listing/deal-size.ts";
export * from "./listing/deal-types.ts";
export * from "./listing/facet-counts.ts";
export * from "./listing/listing.ts";
export * from "./listing/listing-type-flags.ts";
export * from "./listing/pagination.ts";
export * from "./listing/region.ts";
export * from "./listing/search-text.ts";
export * from "./listing/similarity.ts";
export * from "./listing/sort.ts";
export * from "./listing/status.ts";
export * from "./messages.ts";

/**
 * The one door through which the apps' tests and benches reach core's test helpers: databases on both
 * engines, accounts, stand-ins for the third parties we cannot reach (S3, push services), a real SMTP
 * listener, a software authenticator, and the few core pieces tests drive directly (the manual clock,
 * storage, password hashing, demo generators, stamping, and the repositories a test writes through
 * to show that readers follow the data version).
 */
export { hashPassword } from "../accounts/password.ts";
export { ActivityReader } from "../audit/activity-reader.ts";
export { ManualClock } from "../clock.ts";
export { ContentRepository } from "../content/content.repository.ts";
export { watermarkPdf } from "../data-rooms/documents/watermark.ts";
export { extractText as benchExtractText } from "../data-rooms/search/text-extraction.ts";
export { generateDemoListings } from "../demo/listings.ts";
export { createRng, type Rng } from "../demo/random.ts";
export { planQuery as planFacetQuery } from "../facets/facet-plan.ts";
export { staticFacetSearch as benchFacetIndex } from "../facets/facet-search.ts";
export { SqlOracle } from "../facets/sql-oracle.ts";
export { ListingRepository } from "../listings/listing.repository.ts";
export { SimilarDealChoiceRepository } from "../listings/similar-deal-choice.repository.ts";
export { LocalStorage } from "../storage/local-storage.ts";
export { listAll, readObject, type StoredFile, storedFile } from "../storage/storage.ts";
export * from "./png-bomb.ts";
export * from "./push-service-stand-in.ts";
export * from "./read-then-write.ts";
export * from "./s3-stand-in.ts";
export * from "./service-that-can-go-away.ts";
export * from "./smtp-listener.ts";
export * from "./software-authenticator.ts";
export * from "./test-accounts.ts";
export * from "./test-cores.ts";
export * from "./test-database.ts";
export * from "./test-second-factor.ts";

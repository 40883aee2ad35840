export * from "./listing/listing.ts";

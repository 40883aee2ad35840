/**
 * Every user-facing text of the spec (§2 screens, §5 validation, §6 guards, §8 error
 * catalogue), used by both the pages and the API so they always say the same thing.
 * Texts that name something variable are functions. Deal-type titles, deal-size and
 * country names, status names and sort labels live beside their rules in `listing/`.
 */
// Split by area (messages/*.ts): a browser bundle keeps a module whole for every page once any
// page uses one of its texts, so the shell of every page carried the texts of all of them.

export * from "./messages/account-changes.ts";
export * from "./messages/analysis.ts";
export * from "./messages/confirmations.ts";
export * from "./messages/contact.ts";
export * from "./messages/forgot-password.ts";
export * from "./messages/guards.ts";
export * from "./messages/home.ts";
export * from "./messages/listing-images.ts";
export * from "./messages/login.ts";
export * from "./messages/navigation.ts";
export * from "./messages/other.ts";
export * from "./messages/pages.ts";
export * from "./messages/passwords.ts";
export * from "./messages/saved-queries.ts";
export * from "./messages/search.ts";
export * from "./messages/seller.ts";
export * from "./messages/seller-inquiry.ts";
export * from "./messages/server-error.ts";
export * from "./messages/signup.ts";
export * from "./messages/terms.ts";
export * from "./messages/unsaved-changes.ts";
export * from "./messages/uploads.ts";
export * from "./messages/user-admin.ts";

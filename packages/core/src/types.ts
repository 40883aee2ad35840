/**
 * Core's types and nothing else, for the web app (DESIGN rule 4): its loaders and actions reach the
 * one core instance through the app context, so web never imports core's code. A value imported
 * from here is a type-only binding, which TypeScript refuses to use as a value.
 */
export type * from "./index.ts";

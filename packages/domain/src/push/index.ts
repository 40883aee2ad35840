export * from "./new-deal.ts";
export * from "./push-schemas.ts";
export * from "./texts.ts";

export * from "./block-list.ts";
export * from "./brochures.ts";
export * from "./inquiry-schemas.ts";
export * from "./texts.ts";

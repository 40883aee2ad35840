export * from "./passkey-schemas.ts";
export * from "./texts.ts";

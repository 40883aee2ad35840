export { SESSION_COOKIE } from "./accounts/session-cookie.ts";
export type { User } from "./accounts/user.repository.ts";
export { type Config, ConfigError, type FeatureFlags, loadConfig } from "./config.ts";
export { type Core, createCore } from "./core.ts";

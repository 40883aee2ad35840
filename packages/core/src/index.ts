export { ACCOUNT_LIMITS, type LoginResult } from "./accounts/account.service.ts";
export { SESSION_COOKIE } from "./accounts/session-cookie.ts";
export type { User } from "./accounts/user.repository.ts";
export { type Config, ConfigError, type FeatureFlags, loadConfig } from "./config.ts";
export { type Core, createCore } from "./core.ts";
export type { OutboxMessage } from "./mail/mailer.ts";

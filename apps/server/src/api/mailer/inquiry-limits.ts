import type { Core } from "@aea/core";
import { authRateLimit } from "../../plugins/rate-limits.ts";

/**
 * The mail forms are a door for spam, so they get the per-address limit of the account forms
 * (AUTH_RATE_LIMIT_PER_MINUTE, 10 by default), each route counting on its own. The contact and seller
 * pages' own form posts (before JavaScript loads) share it: see plugins/web-app.ts.
 */
export function inquiryRateLimit(core: Core) {
  return authRateLimit(core.config.authRateLimitPerMinute);
}

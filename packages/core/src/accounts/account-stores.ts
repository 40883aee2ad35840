import { ActivityReader } from "../audit/activity-reader.ts";
import { AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Executor } from "../db/database.ts";
import { BuyerPreferencesRepository } from "./buyer-preferences.repository.ts";
import { SecondFactorRepository } from "./second-factor/second-factor.repository.ts";
import { SessionRepository } from "./sessions/session.repository.ts";
import { UserRepository } from "./user.repository.ts";
import { UserTokenRepository } from "./user-token.repository.ts";

/**
 * The accounts' repositories, all on one executor: the database, or a transaction of the service.
 * `audit` records through that executor, timestamped by `clock`; `activity` reads what it recorded.
 */
export function accountStores(executor: Executor, clock: Clock = systemClock) {
  return {
    users: new UserRepository(executor),
    sessions: new SessionRepository(executor),
    tokens: new UserTokenRepository(executor),
    preferences: new BuyerPreferencesRepository(executor),
    audit: new AuditTrail(executor, clock),
    activity: new ActivityReader(executor),
    secondFactors: new SecondFactorRepository(executor),
  };
}

export type AccountStores = ReturnType<typeof accountStores>;

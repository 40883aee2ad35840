import type { Executor } from "../db/database.ts";
import { AuditLog } from "./audit-log.ts";
import { BuyerPreferencesRepository } from "./buyer-preferences.repository.ts";
import { SecondFactorRepository } from "./second-factor/second-factor.repository.ts";
import { SessionRepository } from "./sessions/session.repository.ts";
import { UserRepository } from "./user.repository.ts";
import { UserTokenRepository } from "./user-token.repository.ts";

/** The accounts' repositories, all on one executor: the database, or a transaction of the service. */
export function accountStores(executor: Executor) {
  return {
    users: new UserRepository(executor),
    sessions: new SessionRepository(executor),
    tokens: new UserTokenRepository(executor),
    preferences: new BuyerPreferencesRepository(executor),
    audit: new AuditLog(executor),
    secondFactors: new SecondFactorRepository(executor),
  };
}

export type AccountStores = ReturnType<typeof accountStores>;

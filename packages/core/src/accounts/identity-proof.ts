import { refuseWhileViewingAs } from "@aea/domain";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import { hashToken } from "./tokens.ts";

/** Who asks for a sensitive change: the signed-in user and the session token they sent. */
export interface Actor {
  userId: number;
  sessionToken: string | undefined;
}

/**
 * A password or email change asks for proof that the person at the keyboard owns the account: the
 * current password, or a login within `freshLoginMinutes`. `reauthenticate`: neither was given.
 */
export type ProofFailure = "reauthenticate" | "incorrect-password" | "locked";

/**
 * The check before a change of credentials (password, email). An admin viewing the site as a buyer
 * sees what the buyer sees but changes none of the buyer's credentials: a 403 from an impersonation
 * session. Otherwise the current password (checked under the lockout) or a login in this session
 * within `freshLoginMinutes`.
 */
export async function proveIdentity(
  c: AccountContext,
  actor: Actor,
  currentPassword: string | undefined,
): Promise<"ok" | ProofFailure> {
  const session = actor.sessionToken
    ? await c.stores.sessions.find(hashToken(actor.sessionToken))
    : undefined;
  refuseWhileViewingAs(session ?? null);
  if (currentPassword) {
    const user = await c.stores.users.findCredentials(actor.userId);
    if (!user) return "reauthenticate";
    const check = await c.lockout.checkPassword(user, currentPassword);
    return check.status;
  }
  if (!session?.authenticatedAt || session.userId !== actor.userId) return "reauthenticate";
  const age = c.clock.now() - Date.parse(session.authenticatedAt);
  return age <= ACCOUNT_LIMITS.freshLoginMinutes * MINUTE ? "ok" : "reauthenticate";
}

import { ACCOUNT_LOCKED, fail, INCORRECT_PASSWORD, REAUTHENTICATE, refuseWhileViewingAs } from "@aea/domain";
import type { AccountContext } from "./account-context.ts";
import { ACCOUNT_LIMITS, MINUTE } from "./account-limits.ts";
import { hashToken } from "./tokens.ts";

/** Who asks for a sensitive change: the signed-in user and the session token they sent. */
export interface Actor {
  userId: number;
  sessionToken: string | undefined;
}

const reauthenticate = () => fail("REAUTHENTICATE", REAUTHENTICATE);

/**
 * The check before a change of credentials (password, email). An admin viewing the site as a buyer
 * sees what the buyer sees but changes none of the buyer's credentials: a 403 from an impersonation
 * session. Otherwise the current password (checked under the lockout) or a login in this session
 * within `freshLoginMinutes`. Without either it throws REAUTHENTICATE (the page asks for the password);
 * a wrong password INCORRECT_PASSWORD, and ACCOUNT_LOCKED once the lockout holds.
 */
export async function proveIdentity(
  c: AccountContext,
  actor: Actor,
  currentPassword: string | undefined,
): Promise<void> {
  const session = actor.sessionToken
    ? await c.stores.sessions.find(hashToken(actor.sessionToken))
    : undefined;
  refuseWhileViewingAs(session ?? null);
  if (currentPassword) {
    const user = await c.stores.users.findCredentials(actor.userId);
    if (!user) throw reauthenticate();
    const check = await c.lockout.checkPassword(user, currentPassword);
    if (check.status === "incorrect-password") throw fail("INCORRECT_PASSWORD", INCORRECT_PASSWORD);
    if (check.status === "locked") throw fail("ACCOUNT_LOCKED", ACCOUNT_LOCKED);
    return;
  }
  if (!session?.authenticatedAt || session.userId !== actor.userId) throw reauthenticate();
  const age = c.clock.now() - Date.parse(session.authenticatedAt);
  if (age > ACCOUNT_LIMITS.freshLoginMinutes * MINUTE) throw reauthenticate();
}

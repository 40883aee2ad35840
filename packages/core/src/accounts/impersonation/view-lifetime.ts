import type { AccountStores } from "../account-stores.ts";
import type { Session } from "../sessions/session.repository.ts";
import { isLive } from "../sessions/session-lifetime.ts";

/**
 * An impersonation session answers only while its admin is still an enabled admin with a verified
 * address, signed in with the session "view as" was started from (not logged out, not ended by
 * staff or by a password change).
 */
export async function viewStillAllowed(r: AccountStores, view: Session, now: number): Promise<boolean> {
  const staffSession = view.staffSessionHash ? await r.sessions.find(view.staffSessionHash) : undefined;
  if (
    !staffSession ||
    staffSession.userId !== view.impersonatorId ||
    staffSession.impersonatorId !== null ||
    !isLive(staffSession, now)
  )
    return false;
  const admin = await r.users.findById(staffSession.userId);
  return admin?.isAdmin === true && admin.verified && !admin.disabledAt;
}

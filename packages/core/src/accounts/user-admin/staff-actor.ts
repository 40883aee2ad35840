import { forbidden, notFound, type SessionUser } from "@aea/domain";
import type { AccountContext } from "../account-context.ts";
import type { AccountStores } from "../account-stores.ts";
import type { User } from "../user.repository.ts";

/** The staff member making a change: the signed-in admin, never someone viewing the site as a buyer. */
export interface StaffActor {
  user: SessionUser;
  /** Their session's token: "View as", the export and role changes need a recent check in it. */
  sessionToken?: string;
}

/** What staff are told when the account they act on no longer exists. */
export const NO_SUCH_USER = "No such user";

/** Only a signed-in admin acting as themself makes staff changes: the pages check it, and so does core. */
export function requireStaff(actor: StaffActor): void {
  if (!actor.user.isAdmin || actor.user.impersonatorId !== null) throw forbidden();
}

/** A staff change to one account, in one transaction with its audit entry. */
export function changeAccount<T>(
  context: AccountContext,
  actor: StaffActor,
  userId: number,
  work: (r: AccountStores, user: User) => Promise<T>,
): Promise<T> {
  requireStaff(actor);
  return context.transaction(async (r) => {
    const user = await r.users.findById(userId);
    if (!user) throw notFound(NO_SUCH_USER);
    return work(r, user);
  });
}

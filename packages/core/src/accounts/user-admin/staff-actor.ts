import { AppError, type SessionUser } from "@aea/domain";
import type { Database } from "../../db/database.ts";
import { type AccountStores, accountStores } from "../account-stores.ts";
import type { User } from "../user.repository.ts";

/** The staff member making a change: the signed-in admin, never someone viewing the site as a buyer. */
export interface StaffActor {
  user: SessionUser;
  /** Their session's token: "View as", the export and role changes need a recent check in it. */
  sessionToken?: string;
}

export const noSuchUser = () => new AppError(404, "No such user", "NOT_FOUND");
export const refused = (message: string) => new AppError(400, message, "REFUSED");

/** Only a signed-in admin acting as themself makes staff changes: the pages check it, and so does core. */
export function requireStaff(actor: StaffActor): void {
  if (!actor.user.isAdmin || actor.user.impersonatorId !== null)
    throw new AppError(403, "You are not authorized to access this page", "FORBIDDEN");
}

/** A staff change to one account, in one transaction with its audit entry. */
export function changeAccount<T>(
  database: Database,
  actor: StaffActor,
  userId: number,
  work: (r: AccountStores, user: User) => Promise<T>,
): Promise<T> {
  requireStaff(actor);
  return database.transaction(async (trx) => {
    const r = accountStores(trx);
    const user = await r.users.findById(userId);
    if (!user) throw noSuchUser();
    return work(r, user);
  });
}

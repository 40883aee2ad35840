import { fail } from "../app-error.ts";
import { USER_MENU, VIEWING_AS_READ_ONLY } from "../messages.ts";

/** The signed-in user as pages and the API see it (spec §3 "Session user"). */
export interface SessionUser {
  id: number;
  firstName: string;
  middle: string | null;
  lastName: string;
  /** Display name built from first, middle and last names. */
  name: string;
  email: string;
  isAdmin: boolean;
  /** Staff granted this buyer at least one private listing (privateListingIds). */
  hasPrivateDeals: boolean;
  /** The private listings this buyer may see; admins see every one whatever this holds. */
  privateListingIds: number[];
  hasClaimAD: boolean;
  /** On the management list (MANAGEMENT_EMAILS): Mgmt Dash, admin-panel, admin and FAQ. */
  isManagement: boolean;
  officialCompanyName: string | null;
  /** Set while an admin acts as this user. */
  impersonatorId: number | null;
  /** Staff marked the password for reset: the site asks its holder to choose a new one (spec §8). */
  passwordResetRequired: boolean;
}

/** Who acts, as a core write needs it: the account, and the admin viewing the site as it, if any. */
export type ActingUser = Pick<SessionUser, "id" | "impersonatorId">;

/**
 * "View as" is read-only everywhere (DESIGN rule 11): every write in someone's name refuses a
 * session in which staff view the site as them, whichever door it came through. The rest of "View as":
 * packages/core/src/accounts/impersonation/.
 */
export function refuseWhileViewingAs(user: Pick<SessionUser, "impersonatorId"> | null): void {
  if (user && user.impersonatorId !== null) throw fail("IMPERSONATING", VIEWING_AS_READ_ONLY);
}

export function displayName(user: { firstName: string; middle: string | null; lastName: string }): string {
  return [user.firstName, user.middle, user.lastName].filter((p) => p?.trim()).join(" ");
}

export const canSeePrivateDeals = (user: SessionUser | null): boolean =>
  Boolean(user && (user.isAdmin || user.hasPrivateDeals));
export const isAdminOrClaim = (user: Pick<SessionUser, "isAdmin" | "hasClaimAD"> | null): boolean =>
  Boolean(user && (user.isAdmin || user.hasClaimAD));

/** The analysis page's default path (the spec's configurable route, ANALYSIS_ROUTE, default participant). */
export const ANALYSIS_PATH = "/participant";

export interface UserMenuItem {
  label: string;
  to: string;
}

/**
 * The header's user-name dropdown for a user (spec §2, §6), admins' tools in the spec's order.
 * Logout is always last.
 */
export function userMenuItems(user: SessionUser, analysisPath: string = ANALYSIS_PATH): UserMenuItem[] {
  const items: UserMenuItem[] = [];
  if (user.isManagement) items.push({ label: USER_MENU.mgmtDash, to: "/admin/dashboard" });
  if (user.isAdmin) {
    items.push(
      { label: USER_MENU.users, to: "/admin/users" },
      { label: USER_MENU.reorderDeals, to: "/admin/reorder-deals" },
      { label: USER_MENU.downloadDeals, to: "#download-deals" },
      { label: USER_MENU.similarDeals, to: "/admin/similar-deals" },
      { label: USER_MENU.privateVdr, to: "/deals/private" },
    );
  }
  // The analysis page (issue 22), for admins and Claim holders, after the spec's admin tools.
  if (isAdminOrClaim(user)) items.push({ label: USER_MENU.analysis, to: analysisPath });
  items.push({ label: USER_MENU.buyerProfile, to: "/buyer/profile" });
  if (user.officialCompanyName?.trim())
    items.push({ label: USER_MENU.updatePassword, to: "#update-password" });
  items.push({ label: USER_MENU.logout, to: "/logout" });
  return items;
}

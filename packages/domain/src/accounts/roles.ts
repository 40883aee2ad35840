import { USER_MENU } from "../messages.ts";

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
}

export function displayName(user: { firstName: string; middle: string | null; lastName: string }): string {
  return [user.firstName, user.middle, user.lastName].filter((p) => p?.trim()).join(" ");
}

export const canSeePrivateDeals = (user: SessionUser | null): boolean =>
  Boolean(user && (user.isAdmin || user.hasPrivateDeals));
export const isAdminOrClaim = (user: SessionUser | null): boolean =>
  Boolean(user && (user.isAdmin || user.hasClaimAD));

export interface UserMenuItem {
  label: string;
  to: string;
}

/**
 * The header's user-name dropdown for a user (spec §2, §6), admins' tools in the spec's order.
 * Logout is always last.
 */
export function userMenuItems(user: SessionUser): UserMenuItem[] {
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
  items.push({ label: USER_MENU.buyerProfile, to: "/buyer/profile" });
  if (user.officialCompanyName?.trim())
    items.push({ label: USER_MENU.updatePassword, to: "#update-password" });
  items.push({ label: USER_MENU.logout, to: "/logout" });
  return items;
}

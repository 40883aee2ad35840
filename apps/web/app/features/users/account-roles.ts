/** The roles in effect, as the list and the user page name them (staff roles need a verified address). */
export function accountRoles(u: {
  isAdmin: boolean;
  verified: boolean;
  isManagement: boolean;
  hasClaimAD: boolean;
  privateListingIds: number[];
}): string[] {
  const roles = [
    u.isAdmin && u.verified && "Admin",
    u.isManagement && "Management",
    u.privateListingIds.length > 0 && "Private deals",
    u.hasClaimAD && "Claim",
  ].filter((role): role is string => Boolean(role));
  return roles.length ? roles : ["Buyer"];
}

import type { SessionUser } from "./roles.ts";

/** A signed-in buyer with no grants, for tests of rules that read a session user; override what the case needs. */
export const sessionUserWith = (grants: Partial<SessionUser>): SessionUser => ({
  id: 1,
  firstName: "A",
  middle: null,
  lastName: "B",
  name: "A B",
  email: "a@example.test",
  isAdmin: false,
  hasPrivateDeals: false,
  privateListingIds: [],
  hasClaimAD: false,
  isManagement: false,
  officialCompanyName: null,
  impersonatorId: null,
  passwordResetRequired: false,
  ...grants,
});

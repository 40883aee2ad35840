import { hashPassword } from "../accounts/password.ts";
import type { NewUser, User } from "../accounts/user.repository.ts";
import type { Core } from "../core.ts";

let serial = 0;

/**
 * A fresh, verified buyer account with a known password (and any field overridden), so a test starts
 * with no failures, sessions or mail of its own. Addresses are unique per process.
 */
export async function insertTestAccount(
  core: Core,
  { password, ...fields }: Partial<NewUser> & { password: string },
): Promise<User> {
  serial += 1;
  return core.users.insert({
    email: `person${serial}.${process.pid}@example.test`,
    firstName: "Pat",
    middle: null,
    lastName: `Tester${serial}`,
    verified: true,
    isAdmin: false,
    hasPrivateDeals: false,
    hasClaimAD: false,
    officialCompanyName: null,
    passwordHash: await hashPassword(password),
    ...fields,
  });
}

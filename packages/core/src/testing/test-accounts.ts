import type { SessionUser } from "@aea/domain";
import { hashPassword } from "../accounts/password.ts";
import { type NewUser, type User, UserRepository } from "../accounts/user.repository.ts";
import type { Core } from "../core.ts";
import { dataRoomStores } from "../data-rooms/data-room-stores.ts";
import { privateDealGrantRepository } from "../data-rooms/listing-grant.repository.ts";
import { testDatabase } from "./test-database.ts";

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
  return insertUser(core, {
    email: `person${serial}.${process.pid}@example.test`,
    firstName: "Pat",
    middle: null,
    lastName: `Tester${serial}`,
    verified: true,
    isAdmin: false,
    hasClaimAD: false,
    officialCompanyName: null,
    passwordHash: await hashPassword(password),
    ...fields,
  });
}

/** A signed-in admin of its own, for tests where staff make a change (audited with who made it). */
export async function insertTestStaff(core: Core): Promise<SessionUser> {
  return core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030", isAdmin: true }));
}

/** An account exactly as given, straight into the database (no sign-up, no mail). */
export function insertUser(core: Core, user: NewUser): Promise<User> {
  return new UserRepository(testDatabase(core).db).insert(user);
}

/** Marks an account's address as proved, as following its verification link would. */
export async function markTestAccountVerified(core: Core, userId: number): Promise<void> {
  await testDatabase(core).db.updateTable("users").set({ verified: 1 }).where("id", "=", userId).execute();
}

/** The password hash an account has stored (the services never hand it out). */
export async function storedPasswordHash(core: Core, email: string): Promise<string | undefined> {
  const row = await testDatabase(core)
    .db.selectFrom("users")
    .select("passwordHash")
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return row?.passwordHash;
}

/** Lets a buyer see these private listings, as a staff grant would (without its audit entry). */
export async function grantTestPrivateDeals(core: Core, userId: number, listingIds: number[]): Promise<void> {
  const grants = privateDealGrantRepository(testDatabase(core).db);
  const grantedAt = new Date().toISOString();
  for (const ListingId of new Set(listingIds))
    await grants.grant({ userId, ListingId, grantedBy: null, grantedAt });
}

/** Lets a buyer into a listing's data room, as a right access code and a signed agreement would. */
export async function openTestDataRoom(core: Core, userId: number, listingId: number): Promise<void> {
  const stores = dataRoomStores(testDatabase(core).db);
  const at = new Date().toISOString();
  await stores.dataRoomGrants.grant({
    userId,
    ListingId: listingId,
    via: "staff",
    grantedBy: null,
    grantedAt: at,
  });
  if (!(await stores.signedAgreements.find(userId, listingId))) {
    await stores.signedAgreements.insert({
      userId,
      ListingId: listingId,
      signerName: "Test Signer",
      signerEmail: "signer@example.test",
      company: "Test Co",
      signedAt: at,
      ipAddress: "127.0.0.1",
      userAgent: "test",
      agreementSha256: "0".repeat(64),
      storageKey: `agreements/test-${userId}-${listingId}.pdf`,
    });
  }
}

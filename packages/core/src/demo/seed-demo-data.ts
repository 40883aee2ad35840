import { hashPassword } from "../accounts/password.ts";
import { UserRepository } from "../accounts/user.repository.ts";
import { DataRoomSettingsRepository } from "../data-rooms/access-codes/data-room-settings.repository.ts";
import { privateDealGrantRepository } from "../data-rooms/listing-grant.repository.ts";
import type { Database } from "../db/database.ts";
import { ListingRepository } from "../listings/listing.repository.ts";
import type { Storage } from "../storage/storage.ts";
import { demoDataRoomSettings } from "./data-room-settings.ts";
import { demoAccounts, PRIVATE_BUYER_EMAIL } from "./demo-accounts.ts";
import { seedDemoSavedQueries } from "./demo-saved-queries.ts";
import { ListingPictures } from "./listing-images.ts";
import { generateDemoListings } from "./listings.ts";
import { prepareDemoDataRooms, seedDemoDataRooms } from "./seed-demo-data-rooms.ts";
import { prepareParticipantAgreement, seedDemoParticipants } from "./seed-demo-participants.ts";

interface SeedTargets {
  database: Database;
  storage: Storage;
  /** A local demo (config.seedDemoAccounts): its listings open with DD-{ListingId}. */
  localDemo: boolean;
}

/**
 * Fills an empty database with the demo book of deals. Idempotent. Answers their pictures, which
 * live in storage, not in the database: the caller draws the missing ones (e.g. when a fresh
 * DATA_DIR points at an already seeded PostgreSQL database) in the background.
 */
export async function seedDemoData({ database, storage, localDemo }: SeedTargets): Promise<ListingPictures> {
  const demo = generateDemoListings();
  if ((await new ListingRepository(database.db).count()) === 0) {
    await database.transaction((trx) =>
      new ListingRepository(trx).insertMany(demo.listings, demo.privateExtras),
    );
  }
  const settings = new DataRoomSettingsRepository(database.db);
  const now = new Date().toISOString();
  for (const { ListingId, accessCode, exclusiveContact } of demoDataRoomSettings(demo.listings, {
    localDemo,
  }))
    await settings.ensure(ListingId, accessCode, now, exclusiveContact);
  return new ListingPictures(demo.listings, storage);
}

/**
 * Creates the README's demo accounts on a database without accounts. Their passwords are public, so
 * the caller does this only for a local demo (config.seedDemoAccounts), never on a real deployment.
 */
export async function seedDemoAccounts(
  database: Database,
  { storage, firmName, participants }: { storage: Storage; firmName: string; participants: boolean },
): Promise<void> {
  if ((await new UserRepository(database.db).count()) > 0) return;
  const accounts = await Promise.all(
    demoAccounts.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(password),
    })),
  );
  const listings = await new ListingRepository(database.db).findAll();
  const privateListingIds = listings
    .filter((listing) => listing.isPrivate)
    .map((listing) => listing.ListingId);
  // The private buyer sees some of the private deals, not all (README).
  const grantedPrivateIds = privateListingIds.filter((_, i) => i % 2 === 0);
  const privateBuyer = demoAccounts.find((account) => account.email === PRIVATE_BUYER_EMAIL);
  const now = Date.now();
  // The signed PDF is stored before the transaction: a row must never name a missing file.
  const dataRooms =
    privateBuyer &&
    (await prepareDemoDataRooms({
      listings,
      grantedPrivateIds,
      signer: {
        name: `${privateBuyer.firstName} ${privateBuyer.lastName}`,
        email: privateBuyer.email,
        company: privateBuyer.officialCompanyName ?? "",
      },
      storage,
      firmName,
      now,
    }));
  const participantAgreement =
    participants && (await prepareParticipantAgreement(listings, { storage, firmName, now }));
  // All or none: a start interrupted half-way must not leave a database the next start calls seeded.
  await database.transaction(async (trx) => {
    const users = new UserRepository(trx);
    const privateDealGrants = privateDealGrantRepository(trx);
    const ids = new Map<string, number>();
    for (const account of accounts) {
      const user = await users.insert(account);
      ids.set(account.email, user.id);
      if (account.email === PRIVATE_BUYER_EMAIL) {
        for (const ListingId of grantedPrivateIds)
          await privateDealGrants.grant({
            userId: user.id,
            ListingId,
            grantedBy: null,
            grantedAt: new Date(now).toISOString(),
          });
      }
    }
    const adminId = ids.get("admin@anticline.test");
    const buyerId = ids.get(PRIVATE_BUYER_EMAIL);
    if (dataRooms && adminId && buyerId) await seedDemoDataRooms(trx, dataRooms, { adminId, buyerId }, now);
    // The buyer network the analysis tools answer about, and the admin's saved analyses of it.
    if (participants) await seedDemoParticipants(trx, listings, participantAgreement || undefined, now);
    if (adminId) await seedDemoSavedQueries(trx, adminId, new Date(now).toISOString());
  });
}

import { hashPassword } from "../accounts/password.ts";
import { UserRepository } from "../accounts/user.repository.ts";
import { DataRoomSettingsRepository } from "../data-rooms/data-room-settings.repository.ts";
import { PrivateDealGrantRepository } from "../data-rooms/private-deal-grant.repository.ts";
import type { Database } from "../db/database.ts";
import { ListingRepository } from "../listings/listing.repository.ts";
import type { Storage } from "../storage/storage.ts";
import { demoDataRoomSettings } from "./data-room-settings.ts";
import { demoAccounts, PRIVATE_BUYER_EMAIL } from "./demo-accounts.ts";
import { renderAllListingImages } from "./listing-images.ts";
import { generateDemoListings } from "./listings.ts";

interface SeedTargets {
  database: Database;
  storage: Storage;
}

/** Fills an empty database with the demo book of deals. Idempotent. */
export async function seedDemoData({ database, storage }: SeedTargets): Promise<void> {
  const demo = generateDemoListings();
  if ((await new ListingRepository(database.db).count()) === 0) {
    await database.transaction((trx) =>
      new ListingRepository(trx).insertMany(demo.listings, demo.privateExtras),
    );
  }
  const settings = new DataRoomSettingsRepository(database.db);
  const now = new Date().toISOString();
  for (const { ListingId, accessCode, exclusiveContact } of demoDataRoomSettings(demo.listings))
    await settings.ensure(ListingId, accessCode, now, exclusiveContact);
  // Images live in storage, not in the database: render any that are missing (existing ones are kept),
  // e.g. when a fresh DATA_DIR points at an already seeded PostgreSQL database.
  await renderAllListingImages(demo.listings, storage);
}

/**
 * Creates the README's demo accounts on a database without accounts. Their passwords are public, so
 * the caller does this only for a local demo (config.seedDemoAccounts), never on a real deployment.
 */
export async function seedDemoAccounts(database: Database): Promise<void> {
  if ((await new UserRepository(database.db).count()) > 0) return;
  const accounts = await Promise.all(
    demoAccounts.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(password),
    })),
  );
  // All or none: a start interrupted half-way must not leave a database the next start calls seeded.
  await database.transaction(async (trx) => {
    const users = new UserRepository(trx);
    const privateDealGrants = new PrivateDealGrantRepository(trx);
    const privateListingIds = (await new ListingRepository(trx).findAll())
      .filter((listing) => listing.isPrivate)
      .map((listing) => listing.ListingId);
    for (const account of accounts) {
      const user = await users.insert(account);
      // The private buyer sees some of the private deals, not all (README).
      if (account.email === PRIVATE_BUYER_EMAIL) {
        for (const ListingId of privateListingIds.filter((_, i) => i % 2 === 0))
          await privateDealGrants.grant({
            userId: user.id,
            ListingId,
            grantedBy: null,
            grantedAt: new Date().toISOString(),
          });
      }
    }
  });
}

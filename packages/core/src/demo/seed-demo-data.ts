import { hashPassword } from "../accounts/password.ts";
import type { UserRepository } from "../accounts/user.repository.ts";
import type { ListingRepository } from "../listings/listing.repository.ts";
import type { Storage } from "../storage/storage.ts";
import { demoAccounts } from "./demo-accounts.ts";
import { renderAllListingImages } from "./listing-images.ts";
import { generateDemoListings } from "./listings.ts";

interface SeedTargets {
  listings: ListingRepository;
  storage: Storage;
}

/** Fills an empty database with the demo book of deals. Idempotent. */
export async function seedDemoData({ listings, storage }: SeedTargets): Promise<void> {
  const demo = generateDemoListings();
  if ((await listings.count()) === 0) {
    await listings.insertMany(demo.listings, demo.privateExtras);
  }
  // Images live in storage, not in the database: render any that are missing (existing ones are kept),
  // e.g. when a fresh DATA_DIR points at an already seeded PostgreSQL database.
  await renderAllListingImages(demo.listings, storage);
}

/**
 * Creates the README's demo accounts on a database without accounts. Their passwords are public, so
 * the caller does this only for a local demo (config.seedDemoAccounts), never on a real deployment.
 */
export async function seedDemoAccounts(users: UserRepository): Promise<void> {
  if ((await users.count()) > 0) return;
  for (const { password, ...account } of demoAccounts) {
    await users.insert({ ...account, passwordHash: await hashPassword(password) });
  }
}

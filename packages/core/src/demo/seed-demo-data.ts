import { hashPassword } from "../accounts/password.ts";
import type { UserRepository } from "../accounts/user.repository.ts";
import type { ListingRepository } from "../listings/listing.repository.ts";
import { demoAccounts } from "./demo-accounts.ts";
import { renderAllListingImages } from "./listing-images.ts";
import { generateDemoListings } from "./listings.ts";

interface SeedTargets {
  listings: ListingRepository;
  users: UserRepository;
  mediaDir: string;
}

/** Fills an empty database with the demo book of deals and the demo accounts. Idempotent per table. */
export async function seedDemoData({ listings, users, mediaDir }: SeedTargets): Promise<void> {
  const demo = generateDemoListings();
  if ((await listings.count()) === 0) {
    await listings.insertMany(demo.listings, demo.privateExtras);
  }
  if ((await users.count()) === 0) {
    for (const { password, ...account } of demoAccounts) {
      await users.insert({ ...account, passwordHash: await hashPassword(password) });
    }
  }
  // Images live on disk, not in the database: render any that are missing (existing files are kept),
  // e.g. when a fresh DATA_DIR points at an already seeded PostgreSQL database.
  await renderAllListingImages(demo.listings, mediaDir);
}

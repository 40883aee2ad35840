import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";
import { seedDemoDataRooms } from "./demo-data-rooms.ts";
import type { ListingPictures } from "./listing-images.ts";
import { generateDemoListings } from "./listings.ts";
import { seedDemoContent } from "./seed-demo-content.ts";
import { seedDemoAccounts, seedDemoData } from "./seed-demo-data.ts";

/**
 * What a start seeds: the demo book (SEED_DEMO), then the demo accounts of a local demo. Idempotent.
 * Answers the demo listings' pictures for the caller to draw in the background (none without SEED_DEMO).
 */
export async function seedDemo(
  config: Pick<Config, "seedDemo" | "seedDemoAccounts" | "seedDemoParticipants" | "firmName">,
  { database, storage }: { database: Database; storage: Storage },
): Promise<ListingPictures | undefined> {
  let pictures: ListingPictures | undefined;
  if (config.seedDemo) {
    pictures = await seedDemoData({ database, storage, localDemo: config.seedDemoAccounts });
    await seedDemoContent({ database, storage, deals: generateDemoListings() });
    await seedDemoDataRooms({ database, storage });
  }
  if (config.seedDemoAccounts)
    await seedDemoAccounts(database, {
      storage,
      firmName: config.firmName,
      participants: config.seedDemoParticipants,
    });
  return pictures;
}

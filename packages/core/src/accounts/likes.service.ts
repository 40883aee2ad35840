import { type ActingUser, refuseWhileViewingAs } from "@aea/domain";
import type { AccountStores } from "./account-stores.ts";

/** The deals a buyer has liked (the heart on a deal, their liked list). */
export class LikeService {
  readonly #r: AccountStores;

  constructor(stores: AccountStores) {
    this.#r = stores;
  }

  likedListingIds(userId: number): Promise<number[]> {
    return this.#r.preferences.likedListingIds(userId);
  }

  async setLiked(user: ActingUser, listingId: number, liked: boolean): Promise<void> {
    refuseWhileViewingAs(user);
    await this.#r.preferences.setLiked(user.id, listingId, liked);
  }
}

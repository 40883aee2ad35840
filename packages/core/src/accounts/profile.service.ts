import { type ActingUser, type Interests, type Profile, refuseWhileViewingAs } from "@aea/domain";
import type { AccountStores } from "./account-stores.ts";

/** A buyer's own profile (/profile) and the deal interests they choose. */
export class ProfileService {
  readonly #r: AccountStores;

  constructor(stores: AccountStores) {
    this.#r = stores;
  }

  profile(userId: number): Promise<Profile | undefined> {
    return this.#r.users.findProfile(userId);
  }

  async updateProfile(user: ActingUser, profile: Profile): Promise<void> {
    refuseWhileViewingAs(user);
    await this.#r.users.updateProfile(user.id, profile);
  }

  interests(userId: number): Promise<Interests> {
    return this.#r.preferences.interests(userId);
  }

  async saveInterests(user: ActingUser, interests: Interests): Promise<void> {
    refuseWhileViewingAs(user);
    await this.#r.preferences.saveInterests(user.id, interests);
  }
}

import type { AuditEntry } from "../audit/activity-reader.ts";
import type { AccountStores } from "./account-stores.ts";
import { type AccountListEntry, type User, withoutCredentials } from "./user.repository.ts";

/** Finding accounts: by id or address, the list and count for staff pages, the accounts' latest activity. */
export class AccountDirectory {
  readonly #r: AccountStores;

  constructor(stores: AccountStores) {
    this.#r = stores;
  }

  findUser(userId: number): Promise<User | undefined> {
    return this.#r.users.findById(userId);
  }

  /** The account with this address (any case), if there is one. */
  async findUserByEmail(email: string): Promise<User | undefined> {
    const credentials = await this.#r.users.findByEmail(email);
    return credentials && withoutCredentials(credentials);
  }

  /** Every account, newest first, optionally filtered by a name or email fragment. */
  list(search = "", limit = 500): Promise<AccountListEntry[]> {
    return this.#r.users.list(search, limit);
  }

  /** How many accounts exist. */
  count(): Promise<number> {
    return this.#r.users.count();
  }

  /** The latest entries of the accounts' audit log (logins, sign-ups, changes), newest first. */
  recentActivity(limit: number): Promise<AuditEntry[]> {
    return this.#r.activity.recent(limit);
  }
}

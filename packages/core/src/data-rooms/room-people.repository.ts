import { displayName } from "@aea/domain";
import type { Executor } from "../db/database.ts";

/** Someone a data room names in a mail or on a stamp. */
export interface RoomPerson {
  name: string;
  email: string;
}

/**
 * The people data rooms name: a buyer mailed the answer to their request, the staff member a stamp
 * names while they "View as" a buyer. Read from the users table here, so data rooms need nothing of
 * the accounts folder (which reads data rooms for a user's page).
 */
export class RoomPeopleRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async find(userId: number): Promise<RoomPerson | undefined> {
    const row = await this.#db
      .selectFrom("users")
      .select(["firstName", "middle", "lastName", "email"])
      .where("id", "=", userId)
      .executeTakeFirst();
    return row && { name: displayName(row), email: row.email };
  }
}

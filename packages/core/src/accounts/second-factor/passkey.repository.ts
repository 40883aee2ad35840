import type { PasskeySummary } from "@aea/domain";
import type { Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { PasskeyRow } from "../../db/schema.ts";

/** A registered passkey with what a sign-in checks (binary fields in base64url). */
export interface StoredPasskey extends PasskeySummary {
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export type NewPasskey = Omit<StoredPasskey, "id" | "lastUsedAt">;

/** The WebAuthn credentials of accounts. */
export class PasskeyRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(passkey: NewPasskey): Promise<void> {
    await this.#db
      .insertInto("passkeys")
      .values({ ...passkey, transports: passkey.transports.join(","), lastUsedAt: null })
      .execute();
  }

  /** The passkey with this credential id, whichever account holds it. */
  async findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
    const row = await this.#db
      .selectFrom("passkeys")
      .selectAll()
      .where("credentialId", "=", credentialId)
      .executeTakeFirst();
    return row ? toPasskey(row) : undefined;
  }

  /** The account's passkeys, oldest first. */
  async forUser(userId: number): Promise<StoredPasskey[]> {
    const rows = await this.#db
      .selectFrom("passkeys")
      .selectAll()
      .where("userId", "=", userId)
      .orderBy("id")
      .execute();
    return rows.map(toPasskey);
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom("passkeys")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Records a sign-in: the new counter, only if the stored one is still the one the check compared
   * with (two sign-ins racing with one counter value cannot both pass). False when it moved meanwhile.
   */
  async recordUse(id: number, previousCounter: number, counter: number, at: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("passkeys")
      .set({ counter, lastUsedAt: at })
      .where("id", "=", id)
      .where("counter", "=", previousCounter)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** False when the account has no passkey of this id. */
  async rename(userId: number, id: number, name: string): Promise<boolean> {
    const result = await this.#db
      .updateTable("passkeys")
      .set({ name })
      .where("id", "=", id)
      .where("userId", "=", userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The removed passkey's name, or undefined when the account has no passkey of this id. */
  async remove(userId: number, id: number): Promise<string | undefined> {
    const row = await this.#db
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("userId", "=", userId)
      .returning("name")
      .executeTakeFirst();
    return row?.name;
  }
}

function toPasskey(row: Selectable<PasskeyRow>): StoredPasskey {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    counter: Number(row.counter),
    transports: row.transports ? row.transports.split(",") : [],
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

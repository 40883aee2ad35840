import type { ExclusiveDealContact } from "@aea/domain";
import type { Executor } from "../../db/database.ts";
import type { DataRoomSettingsRow } from "../../db/schema.ts";

/** The stored row with its exclusive-deal contact columns read as one contact (or none). */
export type DataRoomSettings = Pick<DataRoomSettingsRow, "ListingId" | "accessCode" | "updatedAt"> & {
  exclusiveContact: ExclusiveDealContact | null;
};

/** A listing's data-room settings: its access code and exclusive-deal contact. */
export class DataRoomSettingsRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async find(listingId: number): Promise<DataRoomSettings | undefined> {
    const row = await this.#db
      .selectFrom("data_room_settings")
      .selectAll()
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { exclusiveContactName: name, exclusiveContactPhone: phone, exclusiveContactEmail: email } = row;
    return {
      ListingId: row.ListingId,
      accessCode: row.accessCode,
      exclusiveContact:
        name && phone && email ? { name, phone, phone2: row.exclusiveContactPhone2, email } : null,
      updatedAt: row.updatedAt,
    };
  }

  /** Creates the listing's settings with this code unless they exist (a second call changes nothing). */
  async ensure(
    listingId: number,
    accessCode: string,
    updatedAt: string,
    exclusiveContact: ExclusiveDealContact | null = null,
  ): Promise<void> {
    await this.#db
      .insertInto("data_room_settings")
      .values({
        ListingId: listingId,
        accessCode,
        exclusiveContactName: exclusiveContact?.name ?? null,
        exclusiveContactPhone: exclusiveContact?.phone ?? null,
        exclusiveContactPhone2: exclusiveContact?.phone2 ?? null,
        exclusiveContactEmail: exclusiveContact?.email ?? null,
        updatedAt,
      })
      .onConflict((oc) => oc.column("ListingId").doNothing())
      .execute();
  }

  async setAccessCode(listingId: number, accessCode: string, updatedAt: string): Promise<void> {
    await this.#db
      .updateTable("data_room_settings")
      .set({ accessCode, updatedAt })
      .where("ListingId", "=", listingId)
      .execute();
  }
}

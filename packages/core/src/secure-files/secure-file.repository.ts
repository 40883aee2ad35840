import type { Selectable } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { SecureFileRow } from "../db/schema.ts";

/** A file a buyer or seller sent the firm through /secure-files. */
export type SecureFile = Selectable<SecureFileRow>;

/** A secure file with its sender, for staff. */
export interface SentSecureFile extends SecureFile {
  senderEmail: string;
  senderName: string;
  senderCompany: string | null;
}

export class SecureFileRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(file: Omit<SecureFile, "id">): Promise<SecureFile> {
    const row = await this.#db
      .insertInto("secure_files")
      .values(file)
      .returningAll()
      .executeTakeFirstOrThrow();
    recordChange(this.#db, { dataset: "participants", ids: [file.userId] });
    return { ...row, id: Number(row.id), size: Number(row.size) };
  }

  /** The bytes a user's kept files take. */
  async totalBytes(userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom("secure_files")
      .select((eb) => eb.fn.sum("size").as("bytes"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes ?? 0);
  }

  async forUser(userId: number): Promise<SecureFile[]> {
    const rows = await this.#db
      .selectFrom("secure_files")
      .selectAll()
      .where("userId", "=", userId)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map((row) => ({ ...row, id: Number(row.id), size: Number(row.size) }));
  }

  async all(): Promise<SentSecureFile[]> {
    const rows = await this.#db
      .selectFrom("secure_files as f")
      .innerJoin("users as u", "u.id", "f.userId")
      .selectAll("f")
      .select(["u.email as senderEmail", "u.firstName", "u.lastName", "u.officialCompanyName"])
      .orderBy("f.createdAt", "desc")
      .orderBy("f.id", "desc")
      .execute();
    return rows.map(({ firstName, lastName, officialCompanyName, ...row }) => ({
      ...row,
      id: Number(row.id),
      size: Number(row.size),
      senderName: [firstName, lastName].filter(Boolean).join(" "),
      senderCompany: officialCompanyName,
    }));
  }

  async find(fileId: number): Promise<SecureFile | undefined> {
    const row = await this.#db
      .selectFrom("secure_files")
      .selectAll()
      .where("id", "=", fileId)
      .executeTakeFirst();
    return row && { ...row, id: Number(row.id), size: Number(row.size) };
  }
}

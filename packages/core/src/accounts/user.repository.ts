import type { Kysely } from "kysely";
import type { DatabaseSchema, UserRow } from "../db/schema.ts";

export interface User {
  id: number;
  email: string;
  firstName: string;
  middle: string | null;
  lastName: string;
  verified: boolean;
  isAdmin: boolean;
  hasPrivateDeals: boolean;
  hasClaimAD: boolean;
  officialCompanyName: string | null;
}

export interface NewUser extends Omit<User, "id"> {
  passwordHash: string;
}

export class UserRepository {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async insert(user: NewUser): Promise<User> {
    const now = new Date().toISOString();
    const row = await this.#db
      .insertInto("users")
      .values({
        ...user,
        email: user.email.toLowerCase(),
        verified: user.verified ? 1 : 0,
        isAdmin: user.isAdmin ? 1 : 0,
        hasPrivateDeals: user.hasPrivateDeals ? 1 : 0,
        hasClaimAD: user.hasClaimAD ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  }

  async findByEmail(email: string): Promise<(User & { passwordHash: string }) | undefined> {
    const row = await this.#db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
    return row ? { ...toUser(row), passwordHash: row.passwordHash } : undefined;
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function toUser(row: Omit<UserRow, "id"> & { id: number }): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    middle: row.middle,
    lastName: row.lastName,
    verified: Boolean(row.verified),
    isAdmin: Boolean(row.isAdmin),
    hasPrivateDeals: Boolean(row.hasPrivateDeals),
    hasClaimAD: Boolean(row.hasClaimAD),
    officialCompanyName: row.officialCompanyName,
  };
}

import { type Pagination, PROFILE_FIELDS, type Profile, paginate, type UserSort } from "@aea/domain";
import { type Selectable, sql } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { UserRow } from "../db/schema.ts";

export interface User {
  id: number;
  email: string;
  firstName: string;
  middle: string | null;
  lastName: string;
  verified: boolean;
  isAdmin: boolean;
  hasClaimAD: boolean;
  officialCompanyName: string | null;
  /** The private listings staff granted this buyer (spec's hasPrivateDeals follows from them). */
  privateListingIds: number[];
  /** When staff disabled the account (null: it may log in). */
  disabledAt: string | null;
  /** When staff marked the password for reset (null: it stands); a new password clears it. */
  passwordResetRequestedAt: string | null;
}

/** What login needs besides the user: the password hash and the lockout state. */
export interface UserCredentials extends User {
  passwordHash: string;
  failedLogins: number;
  lockedUntil: string | null;
}

/** One line of the staff's account list. */
export interface AccountListEntry extends User {
  createdAt: string;
  lastLoginAt: string | null;
  /** The company the buyer gave in the profile, else the official one staff recorded. */
  company: string | null;
  title: string | null;
  contactPhone: string | null;
}

/** A page of the staff's account list and how many accounts match in all. */
export interface AccountPage {
  entries: AccountListEntry[];
  /** Which rows of how many these are (the spec's "X-Y of total"). */
  pagination: Pagination;
}

export interface NewUser
  extends Omit<User, "id" | "privateListingIds" | "disabledAt" | "passwordResetRequestedAt"> {
  passwordHash: string;
}

export class UserRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
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
        hasClaimAD: user.hasClaimAD ? 1 : 0,
        createdAt: now,
        updatedAt: now,
        passwordChangedAt: now,
      } as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    recordChange(this.#db, { dataset: "participants", ids: [row.id] });
    return toUser(row, []);
  }

  async findById(id: number): Promise<User | undefined> {
    const row = await this.#db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toUser(row, await this.#privateListingIds(row.id)) : undefined;
  }

  async findByEmail(email: string): Promise<UserCredentials | undefined> {
    const row = await this.#db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    return row ? toCredentials(row, await this.#privateListingIds(row.id)) : undefined;
  }

  async findCredentials(id: number): Promise<UserCredentials | undefined> {
    const row = await this.#db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toCredentials(row, await this.#privateListingIds(row.id)) : undefined;
  }

  async emailExists(email: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async markVerified(id: number): Promise<void> {
    await this.#update(id, { verified: 1 });
  }

  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.#update(id, {
      passwordHash,
      passwordChangedAt: new Date().toISOString(),
      passwordResetRequestedAt: null,
      failedLogins: 0,
      lockedUntil: null,
    });
  }

  /**
   * Counts a password attempt before the (slow) check runs, in one conditional update, so parallel
   * guesses cannot all pass a lock test that none of them has updated yet. Returns the attempt's number
   * since the last success (the `lockAfter`-th also locks the account until `lockUntil`), or undefined
   * when the account is locked at `now`. After an expired lock the count starts again.
   */
  async reserveLoginAttempt(
    id: number,
    { now, lockAfter, lockUntil }: { now: string; lockAfter: number; lockUntil: string },
  ): Promise<number | undefined> {
    const row = await this.#db
      .updateTable("users")
      .set((eb) => {
        const attempt = eb
          .case()
          .when("lockedUntil", "is not", null)
          .then(1)
          .else(eb("failedLogins", "+", 1))
          .end();
        return {
          failedLogins: attempt,
          lockedUntil: eb.case().when(attempt, ">=", lockAfter).then(lockUntil).else(null).end(),
        };
      })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", now)]))
      .returning("failedLogins")
      .executeTakeFirst();
    return row?.failedLogins;
  }

  /**
   * Gives back one reserved attempt that succeeded without finishing a login: a right password on an
   * account that still owes its second factor. Earlier failures stay counted, so guesses at the
   * password and at the code share one budget (and a right password does not reset it).
   */
  async releaseLoginAttempt(id: number): Promise<void> {
    await this.#db
      .updateTable("users")
      .set((eb) => ({ failedLogins: eb("failedLogins", "-", 1), lockedUntil: null }))
      .where("id", "=", id)
      .where("failedLogins", ">", 0)
      .execute();
  }

  /** A proved password clears the failure count (and any lock it reached meanwhile). */
  async clearFailedLogins(id: number): Promise<void> {
    await this.#update(id, { failedLogins: 0, lockedUntil: null });
  }

  async recordLogin(id: number, now: string): Promise<void> {
    await this.#update(id, { failedLogins: 0, lockedUntil: null, lastLoginAt: now });
  }

  async findProfile(id: number): Promise<Profile | undefined> {
    const row = await this.#db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return undefined;
    return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, row[field] ?? ""])) as Profile;
  }

  /** Saves the profile; the email is not changed here (ChangeEmail does that). */
  async updateProfile(id: number, profile: Profile): Promise<void> {
    const fields = PROFILE_FIELDS.filter((field) => field !== "email");
    await this.#update(id, Object.fromEntries(fields.map((field) => [field, profile[field]])));
  }

  /** Moves the account to an address proved by following a link mailed to it (so it is verified). */
  async changeEmail(id: number, email: string): Promise<void> {
    await this.#update(id, { email: email.toLowerCase(), verified: 1 });
  }

  /** Every account for staff, newest first, optionally filtered by a name or email fragment. */
  async list(search = "", limit = 500): Promise<AccountListEntry[]> {
    const page = await this.search({ search, sort: "created", direction: "desc", page: 1, pageSize: limit });
    return page.entries;
  }

  /**
   * A page of accounts matching a name, email or company fragment, in a staff-chosen order (ties by
   * id), paged as the spec pages lists (domain's paginate: the last page is kept full).
   */
  async search({
    search,
    sort,
    direction,
    page,
    pageSize,
  }: {
    search: string;
    sort: UserSort;
    direction: "asc" | "desc";
    page: number;
    pageSize: number;
  }): Promise<AccountPage> {
    const term = search.trim().toLowerCase();
    const like = `%${term.replace(/[%_\\]/g, "")}%`;
    const matching = this.#db
      .selectFrom("users")
      .$if(term !== "", (q) =>
        q.where((eb) =>
          eb.or([
            eb(eb.fn("lower", ["email"]), "like", like),
            eb(eb.fn("lower", ["firstName"]), "like", like),
            eb(eb.fn("lower", ["lastName"]), "like", like),
            eb(eb.fn("lower", [eb.fn("concat", ["firstName", sql.lit(" "), "lastName"])]), "like", like),
            eb(eb.fn("lower", ["companyName"]), "like", like),
            eb(eb.fn("lower", ["officialCompanyName"]), "like", like),
          ]),
        ),
      );
    const counted = await matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const columns = {
      name: ["lastName", "firstName"],
      email: ["email"],
      company: ["companyName", "officialCompanyName"],
      created: ["createdAt"],
      lastLogin: ["lastLoginAt"],
    } as const satisfies Record<UserSort, readonly (keyof UserRow)[]>;
    let query = matching.selectAll();
    for (const column of columns[sort]) {
      // Blanks last either way: an account without a company or a login says nothing about order.
      query = query.orderBy((eb) =>
        eb.case().when(column, "is", null).then(1).when(column, "=", "").then(1).else(0).end(),
      );
      query = query.orderBy((eb) => eb.fn("lower", [column]), direction);
    }
    const pagination = paginate(Number(counted.n), page, pageSize);
    const rows = await query.orderBy("id", direction).offset(pagination.offset).limit(pageSize).execute();
    return { entries: await this.#listEntries(rows), pagination };
  }

  /** The account with its list details (registered, last login, company), for a staff page. */
  async findListEntry(id: number): Promise<AccountListEntry | undefined> {
    const rows = await this.#db.selectFrom("users").selectAll().where("id", "=", id).execute();
    return (await this.#listEntries(rows))[0];
  }

  async #listEntries(rows: Selectable<UserRow>[]): Promise<AccountListEntry[]> {
    const grants = await this.#db
      .selectFrom("private_deal_grants")
      .select(["userId", "ListingId"])
      .where("userId", "in", rows.length ? rows.map((row) => row.id) : [0])
      .orderBy("ListingId")
      .execute();
    const byUser = Map.groupBy(grants, (grant) => grant.userId);
    return rows.map((row) => ({
      ...toUser(
        row,
        (byUser.get(row.id) ?? []).map((grant) => grant.ListingId),
      ),
      createdAt: row.createdAt,
      lastLoginAt: row.lastLoginAt,
      company: row.companyName?.trim() || row.officialCompanyName?.trim() || null,
      title: row.title,
      contactPhone: row.contactPhone,
    }));
  }

  /** Disables the account at `at`, or re-enables it with null. */
  async setDisabled(id: number, at: string | null): Promise<void> {
    await this.#update(id, { disabledAt: at });
  }

  /** Marks the password for reset at `at`, or withdraws the mark with null. */
  async setPasswordResetRequested(id: number, at: string | null): Promise<void> {
    await this.#update(id, { passwordResetRequestedAt: at });
  }

  /** Grants or revokes a role flag (`isAdmin` or `hasClaimAD`). */
  async setRole(id: number, role: "isAdmin" | "hasClaimAD", granted: boolean): Promise<void> {
    await this.#update(id, { [role]: granted ? 1 : 0 });
  }

  /** Read with the account: every page a buyer opens asks whether they may see a private deal. */
  async #privateListingIds(userId: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom("private_deal_grants")
      .select("ListingId")
      .where("userId", "=", userId)
      .orderBy("ListingId")
      .execute();
    return rows.map((row) => row.ListingId);
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Gives an account the admin role with a verified address (npm run create-admin). */
  async makeAdministrator(id: number): Promise<void> {
    await this.#update(id, { isAdmin: 1, verified: 1 });
  }

  async #update(id: number, values: Record<string, unknown>): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({ ...values, updatedAt: new Date().toISOString() } as never)
      .where("id", "=", id)
      .execute();
    recordChange(this.#db, { dataset: "participants", ids: [id] });
  }
}

/** The account without its password hash and lockout state, for callers outside login. */
export function withoutCredentials({
  passwordHash,
  failedLogins,
  lockedUntil,
  ...user
}: UserCredentials): User {
  return user;
}

function toCredentials(row: Selectable<UserRow>, privateListingIds: number[]): UserCredentials {
  return {
    ...toUser(row, privateListingIds),
    passwordHash: row.passwordHash,
    failedLogins: row.failedLogins,
    lockedUntil: row.lockedUntil,
  };
}

function toUser(row: Selectable<UserRow>, privateListingIds: number[]): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    middle: row.middle,
    lastName: row.lastName,
    verified: Boolean(row.verified),
    isAdmin: Boolean(row.isAdmin),
    privateListingIds,
    hasClaimAD: Boolean(row.hasClaimAD),
    officialCompanyName: row.officialCompanyName,
    disabledAt: row.disabledAt ?? null,
    passwordResetRequestedAt: row.passwordResetRequestedAt ?? null,
  };
}

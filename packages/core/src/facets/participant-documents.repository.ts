import {
  ASSET_TYPES,
  DOWNLOAD_EVENTS,
  type FacetDocument,
  PRODUCT_KEYS,
  PRODUCTION_INTERESTS,
} from "@aea/domain";
import { sql } from "kysely";
import { compactRows } from "../db/compact-rows.ts";
import type { Engine, Executor } from "../db/database.ts";

/** Per-buyer figures read in one GROUP BY each, keyed by user id. */
type Figures = Map<number, Record<string, unknown>>;

/**
 * Reads the participant dataset (issue 22): every buyer account (not administrators) as a flat
 * document, in id order, from the users, their interests and what they did on the site.
 */
export class ParticipantDocumentRepository {
  readonly #db: Executor;
  readonly #engine: Engine;

  constructor(db: Executor, engine: Engine) {
    this.#db = db;
    this.#engine = engine;
  }

  /** Every buyer's document, or only those of `ids` (an id of an administrator or of no one is left out). */
  async documents(ids?: readonly number[]): Promise<Iterable<FacetDocument>> {
    // Every query keeps to the users asked for, when some are.
    const asked = ids ? (ids.length ? [...ids] : [0]) : undefined;
    const [users, interests, likes, privateGrants, roomGrants, agreements, rooms, files, alerts] =
      await Promise.all([
        this.#compact<UserRow>(
          this.#db
            .selectFrom("users")
            .where("isAdmin", "=", 0)
            // Names and places are put together by the database: fewer columns per row to read.
            .select([
              "id",
              sql<string>`concat_ws(' ', nullif("firstName", ''), nullif("middle", ''), nullif("lastName", ''))`.as(
                "name",
              ),
              "email",
              firstOf("companyName", "officialCompanyName").as("company"),
              "title",
              firstOf("userRequestedCity", "companyLocationCity").as("city"),
              firstOf("userRequestedState", "companyLocationState").as("state"),
              "verified",
              "createdAt",
              "lastLoginAt",
            ])
            .$if(asked !== undefined, (q) => q.where("id", "in", asked as number[])),
          USER_COLUMNS,
        ),
        this.#figures(
          this.#db
            .selectFrom("user_interests")
            .$if(asked !== undefined, (q) => q.where("userId", "in", asked as number[]))
            .select(["userId", "interests"]),
          ["userId", "interests"],
        ),
        this.#figures(this.#counted("liked_listings", asked), ["userId", "n"]),
        this.#figures(this.#counted("private_deal_grants", asked), ["userId", "n"]),
        this.#figures(this.#counted("data_room_grants", asked), ["userId", "n"]),
        this.#figures(
          this.#db
            .selectFrom("signed_agreements")
            .$if(asked !== undefined, (q) => q.where("userId", "in", asked as number[]))
            .groupBy("userId")
            .select((eb) => ["userId", eb.fn.countAll<number>().as("n"), eb.fn.max("signedAt").as("last")]),
          ["userId", "n", "last"],
        ),
        this.#figures(
          this.#db
            .selectFrom("data_room_events")
            .where("userId", "is not", null)
            // What staff did while viewing as a buyer is theirs, not the buyer's.
            .where("impersonatorId", "is", null)
            .$if(asked !== undefined, (q) => q.where("userId", "in", asked as number[]))
            .groupBy("userId")
            .select((eb) => [
              "userId",
              eb.fn.sum<number>(eventCount(eb, ["folder-opened"])).as("folders"),
              eb.fn.sum<number>(eventCount(eb, ["file-previewed"])).as("previews"),
              eb.fn.sum<number>(eventCount(eb, [...DOWNLOAD_EVENTS])).as("downloads"),
              eb.fn.max("at").as("last"),
            ]),
          ["userId", "folders", "previews", "downloads", "last"],
        ),
        this.#figures(this.#counted("secure_files", asked), ["userId", "n"]),
        this.#figures(
          this.#db
            .selectFrom("deal_alert_subscriptions")
            .$if(asked !== undefined, (q) => q.where("userId", "in", asked as number[]))
            .select(["userId", "frequency"]),
          ["userId", "frequency"],
        ),
      ]);
    // Documents go in id order (an aggregate keeps no order of its own).
    users.sort((a, b) => a.id - b.id);
    return madeOneByOne(users, (user) => {
      const wants = parsedInterests(interests.get(user.id)?.interests);
      const agreement = agreements.get(user.id);
      const room = rooms.get(user.id);
      return {
        id: user.id,
        name: user.name ?? "",
        email: user.email,
        company: user.company,
        title: user.title || null,
        city: user.city,
        state: user.state,
        verified: user.verified === 1,
        createdAt: user.createdAt,
        lastLoginAt: user.lastLoginAt,
        buys: checked(wants, BUYS),
        sells: checked(wants, SELLS),
        products: checked(wants, PRODUCTS),
        productionKinds: checked(wants, PRODUCTION_KINDS),
        regions: Array.isArray(wants.selectedRegions) ? (wants.selectedRegions as string[]) : [],
        dealAlerts: String(alerts.get(user.id)?.frequency ?? "off"),
        likesCount: count(likes.get(user.id)?.n),
        privateDealGrants: count(privateGrants.get(user.id)?.n),
        dataRoomGrants: count(roomGrants.get(user.id)?.n),
        agreementsSigned: count(agreement?.n),
        lastAgreementAt: (agreement?.last as string | undefined) ?? null,
        foldersOpened: count(room?.folders),
        previews: count(room?.previews),
        downloads: count(room?.downloads),
        lastDataRoomVisit: (room?.last as string | undefined) ?? null,
        secureFilesSent: count(files.get(user.id)?.n),
      };
    });
  }

  #counted(
    table: "liked_listings" | "private_deal_grants" | "data_room_grants" | "secure_files",
    asked: number[] | undefined,
  ) {
    return this.#db
      .selectFrom(table)
      .$if(asked !== undefined, (q) => q.where("userId", "in", asked as number[]))
      .groupBy("userId")
      .select((eb) => ["userId", eb.fn.countAll<number>().as("n")]);
  }

  async #figures(query: unknown, columns: string[]): Promise<Figures> {
    const rows = await this.#compact<{ userId: number } & Record<string, unknown>>(query, columns);
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /** The rows of `query` as one JSON value (db/compact-rows.ts). */
  #compact<T>(query: unknown, columns: readonly string[]): Promise<T[]> {
    return compactRows<T>(this.#db, this.#engine, query, columns, {
      // SQLite nests a buyer's stored interests as JSON (parsed with the rest, not once per buyer).
      value: (column) =>
        column === "interests" && this.#engine === "sqlite"
          ? sql`case when json_valid(t.interests) then json(t.interests) end`
          : undefined,
    });
  }
}

const USER_COLUMNS = [
  "id",
  "name",
  "email",
  "company",
  "title",
  "city",
  "state",
  "verified",
  "createdAt",
  "lastLoginAt",
];

interface UserRow {
  id: number;
  name: string | null;
  email: string;
  company: string | null;
  title: string | null;
  city: string | null;
  state: string | null;
  verified: number;
  createdAt: string;
  lastLoginAt: string | null;
}

/** Each list field's values and the interest flag that checks it (worked out once, not per buyer). */
const BUYS = ASSET_TYPES.map((t) => [t.key, `buy_${t.key}`] as const);
const SELLS = ASSET_TYPES.map((t) => [t.key, `sell_${t.key}`] as const);
const PRODUCTS = PRODUCT_KEYS.map((k) => [k, k] as const);
const PRODUCTION_KINDS = PRODUCTION_INTERESTS.filter(
  (p) => !(PRODUCT_KEYS as readonly string[]).includes(p.key),
).map((p) => [p.key, p.key] as const);

function checked(wants: Record<string, unknown>, flags: readonly (readonly [string, string])[]): string[] {
  const out: string[] = [];
  for (const [value, flag] of flags) if (wants[flag] === true) out.push(value);
  return out;
}

/**
 * The documents made as the index takes them: each is garbage once its values are in the columns, so
 * 100k documents never sit in memory together (a build spent much of its time collecting them).
 */
function* madeOneByOne<T>(rows: T[], make: (row: T) => FacetDocument): Generator<FacetDocument> {
  for (const row of rows) yield make(row);
}

/** The first of two text columns that is neither null nor empty, else null. */
function firstOf(a: string, b: string) {
  return sql<string | null>`coalesce(nullif(${sql.ref(a)}, ''), nullif(${sql.ref(b)}, ''))`;
}

function eventCount(eb: { ref(name: "event"): unknown }, events: string[]) {
  return sql<number>`case when ${eb.ref("event")} in (${sql.join(events)}) then 1 else 0 end`;
}

function count(value: unknown): number {
  return Number(value ?? 0);
}

/** A buyer's interests: nested already (SQLite), or their stored JSON text (PostgreSQL). */
function parsedInterests(stored: unknown): Record<string, unknown> {
  if (stored && typeof stored === "object") return stored as Record<string, unknown>;
  if (typeof stored !== "string") return {};
  try {
    const parsed = JSON.parse(stored);
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

import { type DealAlertFrequency, type Interests, interestsSchema } from "@aea/domain";
import type { Selectable } from "kysely";
import { recordChange } from "../data-version/committed-changes.ts";
import type { Executor } from "../db/database.ts";
import type { DealAlertDeliveryRow, DealAlertSubscriptionRow, UserRow } from "../db/schema.ts";

export type Subscriber = Pick<DealAlertSubscriptionRow, "userId"> &
  Pick<UserRow, "email" | "firstName"> & {
    frequency: Exclude<DealAlertFrequency, "off">;
    interests: Interests;
  };

export type PendingDelivery = Pick<Selectable<DealAlertDeliveryRow>, "id" | "ListingId" | "userId"> &
  Pick<UserRow, "email" | "firstName">;

/** Who wants deal alerts, each publication of a listing, and each alert's delivery to a buyer. */
export class DealAlertRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async frequency(userId: number): Promise<DealAlertFrequency> {
    const row = await this.#db
      .selectFrom("deal_alert_subscriptions")
      .select("frequency")
      .where("userId", "=", userId)
      .executeTakeFirst();
    return (row?.frequency as DealAlertFrequency | undefined) ?? "off";
  }

  async setFrequency(userId: number, frequency: DealAlertFrequency, at: string): Promise<void> {
    recordChange(this.#db, { dataset: "participants", ids: [userId] });
    if (frequency === "off") {
      await this.#db.deleteFrom("deal_alert_subscriptions").where("userId", "=", userId).execute();
      // What was waiting for the digest is not sent to someone who no longer wants it.
      await this.#db
        .updateTable("deal_alert_deliveries")
        .set({ status: "dropped" })
        .where("userId", "=", userId)
        .where("status", "=", "pending")
        .execute();
      return;
    }
    await this.#db
      .insertInto("deal_alert_subscriptions")
      .values({ userId, frequency, subscribedAt: at })
      .onConflict((oc) => oc.column("userId").doUpdateSet({ frequency }))
      .execute();
  }

  /** Verified buyers who asked for alerts, with their interests. */
  async subscribers(): Promise<Subscriber[]> {
    const rows = await this.#db
      .selectFrom("deal_alert_subscriptions as s")
      .innerJoin("users as u", "u.id", "s.userId")
      .leftJoin("user_interests as i", "i.userId", "s.userId")
      .where("u.verified", "=", 1)
      .select(["s.userId", "s.frequency", "u.email", "u.firstName", "i.interests"])
      .orderBy("s.userId")
      .execute();
    return rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      frequency: row.frequency as Subscriber["frequency"],
      // Stored JSON was validated on the way in; parsing again fills flags added since.
      interests: interestsSchema.parse(row.interests ? JSON.parse(row.interests) : {}),
    }));
  }

  /** The address an unsubscribe link's buyer is told about on the confirm page. */
  async recipient(userId: number): Promise<{ userId: number; email: string } | undefined> {
    const row = await this.#db
      .selectFrom("users")
      .select(["id", "email"])
      .where("id", "=", userId)
      .executeTakeFirst();
    return row && { userId: row.id, email: row.email };
  }

  async createAlert(listingId: number, publishedAt: string): Promise<number> {
    const row = await this.#db
      .insertInto("deal_alerts")
      .values({ ListingId: listingId, publishedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async alert(alertId: number): Promise<{ id: number; ListingId: number } | undefined> {
    const row = await this.#db
      .selectFrom("deal_alerts")
      .select(["id", "ListingId"])
      .where("id", "=", alertId)
      .executeTakeFirst();
    return row && { id: Number(row.id), ListingId: row.ListingId };
  }

  /** A delivery for each buyer; one already there (a retried fan-out) is kept. Returns the new ones' ids. */
  async addDeliveries(
    alert: { id: number; ListingId: number },
    buyers: readonly Pick<Subscriber, "userId" | "frequency">[],
    at: string,
  ): Promise<{ id: number; frequency: string }[]> {
    if (buyers.length === 0) return [];
    const rows = await this.#db
      .insertInto("deal_alert_deliveries")
      .values(
        buyers.map((b) => ({
          alertId: alert.id,
          ListingId: alert.ListingId,
          userId: b.userId,
          frequency: b.frequency,
          status: "pending",
          createdAt: at,
          sentAt: null,
        })),
      )
      .onConflict((oc) => oc.columns(["alertId", "userId"]).doNothing())
      .returning(["id", "frequency"])
      .execute();
    return rows.map((row) => ({ id: Number(row.id), frequency: row.frequency }));
  }

  /** Deliveries still to send: one by id, or every daily one. */
  async pending(where: { id: number } | { frequency: "daily" }): Promise<PendingDelivery[]> {
    let query = this.#db
      .selectFrom("deal_alert_deliveries as d")
      .innerJoin("users as u", "u.id", "d.userId")
      .where("d.status", "=", "pending")
      .select(["d.id", "d.ListingId", "d.userId", "u.email", "u.firstName"])
      .orderBy("d.userId")
      .orderBy("d.id");
    query =
      "id" in where ? query.where("d.id", "=", where.id) : query.where("d.frequency", "=", where.frequency);
    return (await query.execute()).map((row) => ({ ...row, id: Number(row.id) }));
  }

  async setStatus(
    ids: readonly number[],
    status: "pending" | "sent" | "dropped",
    at: string | null,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.#db
      .updateTable("deal_alert_deliveries")
      .set({ status, sentAt: status === "sent" ? at : null })
      .where("id", "in", [...ids])
      .execute();
  }

  async sentCountByListing(): Promise<Map<number, number>> {
    const rows = await this.#db
      .selectFrom("deal_alert_deliveries")
      .where("status", "=", "sent")
      .select(["ListingId", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("ListingId")
      .execute();
    return new Map(rows.map((row) => [row.ListingId, Number(row.n)]));
  }

  /** A signing key by name, made on first use; every server reads the same one. */
  async secret(name: string, make: () => string): Promise<string> {
    await this.#db
      .insertInto("site_secrets")
      .values({ name, value: make() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    const row = await this.#db
      .selectFrom("site_secrets")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}

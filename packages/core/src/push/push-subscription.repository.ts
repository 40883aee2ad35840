import type { Selectable } from "kysely";
import type { Executor } from "../db/database.ts";
import type { PushSubscriptionRow } from "../db/schema.ts";

/** One browser that asked for push notifications, with the keys a message to it is encrypted for. */
export type PushSubscriptionRecord = Omit<Selectable<PushSubscriptionRow>, "id">;

/** The browsers subscribed to new-deal notifications. */
export class PushSubscriptionRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /**
   * Adds a subscription, or renews the keys of one already known by its endpoint (a browser may
   * subscribe again after its keys change). A renewal by an anonymous visitor keeps the user it had.
   */
  async save(subscription: PushSubscriptionRecord): Promise<void> {
    await this.#db
      .insertInto("push_subscriptions")
      .values(subscription)
      .onConflict((conflict) =>
        conflict.column("endpoint").doUpdateSet((eb) => ({
          p256dh: eb.ref("excluded.p256dh"),
          auth: eb.ref("excluded.auth"),
          userId: eb.fn.coalesce(eb.ref("excluded.userId"), eb.ref("push_subscriptions.userId")),
        })),
      )
      .execute();
  }

  /** True when there was such a subscription. */
  async remove(endpoint: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom("push_subscriptions")
      .where("endpoint", "=", endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async count(): Promise<number> {
    const row = await this.#db
      .selectFrom("push_subscriptions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every subscription, oldest first. */
  async all(): Promise<PushSubscriptionRecord[]> {
    const rows = await this.#db
      .selectFrom("push_subscriptions")
      .select(["endpoint", "p256dh", "auth", "userId", "createdAt"])
      .orderBy("id")
      .execute();
    // SQLite hands back null-prototype rows; callers get plain objects.
    return rows.map((row) => ({ ...row }));
  }
}

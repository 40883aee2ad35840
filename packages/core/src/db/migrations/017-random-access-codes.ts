import { type Kysely, sql } from "kysely";
import { randomAccessCode } from "../../data-rooms/access-codes/random-access-code.ts";

/**
 * Issue 20: the implicit default code DD-{ListingId} is public knowledge, so every listing still on it
 * gets a random code. A DD-{ListingId} that staff set themselves (an `access-code-changed` event) and
 * every other code staff chose are kept. Each replacement is written to the listing's audit trail.
 * It runs everywhere, a local demo included: a migration does not read the configuration, and a demo
 * started on an empty database is seeded with DD-{ListingId} after it (docs/decisions/017).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ ListingId: number }>`
    select s."ListingId" from data_room_settings s
    where s."accessCode" = 'DD-' || cast(s."ListingId" as text)
      and not exists (
        select 1 from data_room_events e
        where e."ListingId" = s."ListingId" and e.event = 'access-code-changed'
      )`.execute(db);
  const now = new Date().toISOString();
  for (const { ListingId } of rows) {
    await sql`update data_room_settings set "accessCode" = ${randomAccessCode()}, "updatedAt" = ${now}
      where "ListingId" = ${ListingId}`.execute(db);
    await sql`insert into data_room_events ("at", "userId", "ListingId", "event", "detail")
      values (${now}, null, ${ListingId}, 'access-code-changed', ${JSON.stringify({ reason: "random-code-replaced-default" })})`.execute(
      db,
    );
  }
}

import { createHash } from "node:crypto";
import type { Core } from "@aea/core";
import { countRows, testDatabase } from "@aea/core/testing";

/**
 * Everything a request could change that a user or staff would notice. Sessions are left out (a
 * request may refresh its own session's last-seen time) and so is the audit log, which records
 * attempts rather than state.
 */
const watchedTables = [
  "users",
  "user_tokens",
  "user_interests",
  "liked_listings",
  "mail_outbox",
  "deal_web_searches",
  "listings",
  "listing_private_details",
  "content_items",
  "content_files",
  "inquiries",
  "push_subscriptions",
  "private_deal_grants",
  "data_room_grants",
  "signed_agreements",
  "data_room_settings",
  "access_requests",
  "data_room_folders",
  "data_room_files",
  "data_room_file_notes",
  "secure_files",
  "passkeys",
  "deal_statistics",
  "engagement_settings",
  "data_room_engagement",
  "bid_rounds",
  "bids",
] as const;

export type DatabaseState = Record<(typeof watchedTables)[number], string>;

/** A digest of every watched table's rows, in an order that does not depend on the engine. */
export async function databaseState(core: Core): Promise<DatabaseState> {
  const state = {} as DatabaseState;
  for (const table of watchedTables) {
    const rows = await testDatabase(core).db.selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    state[table] = createHash("sha256").update(lines.join("\n")).digest("hex");
  }
  return state;
}

/** The tables whose rows differ between two states (empty when nothing changed). */
export function changedTables(before: DatabaseState, after: DatabaseState): string[] {
  return Object.keys(before).filter(
    (table) => before[table as keyof DatabaseState] !== after[table as keyof DatabaseState],
  );
}

/** Row counts of the main tables: what a stored request would add to. */
export const rowCounts = (core: Core): Promise<Record<string, number>> => countRows(core, watchedTables);

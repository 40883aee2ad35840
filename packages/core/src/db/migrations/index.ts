import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Engine } from "../database.ts";
import * as listingsAndUsers from "./001-listings-and-users.ts";
import * as dealWebSearches from "./002-deal-web-searches.ts";
import * as accounts from "./003-accounts.ts";
import * as content from "./004-content.ts";
import * as inquiries from "./005-inquiries.ts";
import * as pushSubscriptions from "./006-push-subscriptions.ts";
import * as freshLoginAndEmailChange from "./007-fresh-login-and-email-change.ts";
import * as privateDealGrantsAndDataRooms from "./008-private-deal-grants-and-data-rooms.ts";
import * as accessCodesAndRequests from "./009-access-codes-and-requests.ts";
import * as dataRoomFiles from "./010-data-room-files.ts";
import * as disabledAccounts from "./012-disabled-accounts.ts";
import * as similarDealChoices from "./014-similar-deal-choices.ts";
import * as dealStatisticsAndAlerts from "./015-deal-statistics-and-alerts.ts";
import * as impersonationTrail from "./016-impersonation-trail.ts";
import * as randomAccessCodes from "./017-random-access-codes.ts";
import * as secondFactors from "./018-second-factors.ts";
import * as passkeys from "./019-passkeys.ts";
import * as pendingUploads from "./020-pending-uploads.ts";
import * as auditAddressAndListing from "./021-audit-address-and-listing.ts";
import * as passwordResetRequired from "./022-password-reset-required.ts";
import * as savedQueries from "./026-saved-queries.ts";
import * as dataRoomQuestions from "./029-data-room-questions.ts";
import * as listingSends from "./031-listing-sends.ts";
import * as bids from "./032-bids.ts";
import * as dataRoomDocumentText from "./033-data-room-document-text.ts";
import * as buyerEngagement from "./034-buyer-engagement.ts";
import * as demoSeeds from "./035-demo-seeds.ts";
import * as answerCitations from "./036-answer-citations.ts";
import * as engagementRecounts from "./037-engagement-recounts.ts";

export interface MigrationContext {
  engine: Engine;
}

type MigrationModule = { up(db: Kysely<unknown>, context: MigrationContext): Promise<void> };

// Listed explicitly (not read from disk) so the order is reviewed in code and bundling never drops one.
const migrations: Record<string, MigrationModule> = {
  "001-listings-and-users": listingsAndUsers,
  "002-deal-web-searches": dealWebSearches,
  "003-accounts": accounts,
  "004-content": content,
  "005-inquiries": inquiries,
  "006-push-subscriptions": pushSubscriptions,
  "007-fresh-login-and-email-change": freshLoginAndEmailChange,
  "008-private-deal-grants-and-data-rooms": privateDealGrantsAndDataRooms,
  "009-access-codes-and-requests": accessCodesAndRequests,
  "010-data-room-files": dataRoomFiles,
  "012-disabled-accounts": disabledAccounts,
  "014-similar-deal-choices": similarDealChoices,
  "015-deal-statistics-and-alerts": dealStatisticsAndAlerts,
  "016-impersonation-trail": impersonationTrail,
  "017-random-access-codes": randomAccessCodes,
  "018-second-factors": secondFactors,
  "019-passkeys": passkeys,
  "020-pending-uploads": pendingUploads,
  "021-audit-address-and-listing": auditAddressAndListing,
  "022-password-reset-required": passwordResetRequired,
  "026-saved-queries": savedQueries,
  "029-data-room-questions": dataRoomQuestions,
  "031-listing-sends": listingSends,
  "032-bids": bids,
  "033-data-room-document-text": dataRoomDocumentText,
  "034-buyer-engagement": buyerEngagement,
  "035-demo-seeds": demoSeeds,
  "036-answer-citations": answerCitations,
  "037-engagement-recounts": engagementRecounts,
};

/**
 * The database was migrated by a newer version of the site: this one does not know its tables, and an
 * older instance writing to them could corrupt them, so it refuses to start.
 */
export class DatabaseTooNewError extends Error {}

/** One migration set for both engines; runs on every start and is a no-op when up to date. */
export async function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await refuseNewerDatabase(db);
  const provider: MigrationProvider = {
    async getMigrations() {
      const bound: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(migrations)) {
        bound[name] = { up: (kysely) => module.up(kysely, { engine }) };
      }
      return bound;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Stops start-up when the database holds a migration this version does not have (see DatabaseTooNewError). */
async function refuseNewerDatabase(db: Kysely<unknown>): Promise<void> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = rows.map((row) => row.name);
  } catch {
    return; // a fresh database: nothing migrated yet
  }
  const unknown = applied.filter((name) => !(name in migrations)).sort();
  if (unknown.length === 0) return;
  throw new DatabaseTooNewError(
    `The database was migrated by a newer version of the site (migration ${unknown.join(", ")} is unknown to this one). Start the newer version, or restore a backup made before it ran.`,
  );
}

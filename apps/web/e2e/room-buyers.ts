import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Browser, BrowserContext } from "@playwright/test";
import { e2eDataDir } from "./e2e-servers";
import { test } from "./fixtures";
import { logInByApi, newAgreedContext } from "./mailbox";
import { type NewBuyer, signUpVerified } from "./new-accounts";

/**
 * What data-room specs arrange directly in the SQLite file of their worker's e2e server (e2e-servers.ts):
 * which demo room a spec uses, and a buyer let in with a signed agreement without walking through the
 * grant and signing screens that their own specs cover.
 */

function withDatabase<T>(work: (db: DatabaseSync) => T): T {
  // The database of the server this test's worker talks to.
  const dataDir = resolve(import.meta.dirname, "..", e2eDataDir(test.info().parallelIndex));
  const db = new DatabaseSync(resolve(dataDir, "anticline.sqlite"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * The ListingId of a public, unsold demo listing with a data room; each spec takes its own `nth` so
 * that what it leaves in a room (questions, uploads) is no other spec's business.
 */
export function openRoomListingId(nth: number): number {
  return withDatabase(
    (db) =>
      (
        db
          .prepare(
            "select ListingId from listings where hasVDR = 1 and isPrivate = 0 and sold = 0 order by ListingId limit 1 offset ?",
          )
          .get(nth) as { ListingId: number }
      ).ListingId,
  );
}

/** Staff let the buyer into the room and the buyer signed its confidentiality agreement. */
export function letInWithAgreement(buyer: NewBuyer, listingId: number): void {
  withDatabase((db) => {
    const { id } = db.prepare("select id from users where email = ?").get(buyer.email) as { id: number };
    const at = new Date().toISOString();
    db.prepare(
      `insert into data_room_grants ("userId", "ListingId", via, "grantedAt") values (?, ?, 'staff', ?)`,
    ).run(id, listingId, at);
    db.prepare(
      `insert into signed_agreements ("userId", "ListingId", "signerName", "signerEmail", company, "signedAt", "ipAddress", "userAgent", "agreementSha256", "storageKey")
       values (?, ?, ?, ?, 'E2E Energy LLC', ?, '127.0.0.1', 'e2e', ?, 'agreements/e2e.pdf')`,
    ).run(id, listingId, `${buyer.firstName} ${buyer.lastName}`, buyer.email, at, "0".repeat(64));
  });
}

/**
 * `buyer` in the room, in `context`: signed up and verified, let in with the agreement signed (no grant
 * or signing screens) and logged in.
 */
export async function logInBuyerInRoom(
  browser: Browser,
  context: BrowserContext,
  baseURL: string,
  buyer: NewBuyer,
  listingId: number,
): Promise<void> {
  await signUpVerified(browser, context.request, baseURL, buyer);
  letInWithAgreement(buyer, listingId);
  await logInByApi(context, baseURL, buyer);
}

/** A browser of its own for `buyer` in the room (as `logInBuyerInRoom`). */
export async function buyerInRoom(
  browser: Browser,
  baseURL: string,
  buyer: NewBuyer,
  listingId: number,
): Promise<BrowserContext> {
  const context = await newAgreedContext(browser, baseURL);
  await logInBuyerInRoom(browser, context, baseURL, buyer, listingId);
  return context;
}

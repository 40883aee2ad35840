import { Readable } from "node:stream";
import { isSold, type Listing, type SessionUser } from "@aea/domain";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll } from "vitest";
import type { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { insertTestAccount, openTestDataRoom } from "../../testing/test-accounts.ts";
import type { TestEngine } from "../../testing/test-cores.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { dataRoomStores } from "../data-room-stores.ts";
import type { ReceivedFile } from "./uploaded-file.ts";

/** For tests: a data room with staff, a buyer let in (with a company) and a buyer left outside. */
export interface RoomFixture {
  core: Core;
  /** The room the buyer is in. */
  listing: Listing;
  /** Another public listing's room, which the buyer is not in. */
  other: Listing;
  admin: SessionUser;
  buyer: SessionUser;
  outsider: SessionUser;
}

/** A core on `engine` (files up to 1 MB) with the fixture's people and rooms. */
async function roomFixture(engine: TestEngine): Promise<RoomFixture> {
  const core = await engine.create({ SEED_DEMO_ACCOUNTS: "false", DATA_ROOM_MAX_FILE_MB: "1" });
  const [listing, other] = (await core.listings.publicListings()).filter((l) => l.hasVDR && !l.sold);
  if (!listing || !other) throw new Error("the demo has fewer than two public data rooms");
  const staff = await insertTestAccount(core, { password: "Staff123!", isAdmin: true });
  const inside = await insertTestAccount(core, {
    password: "Buyer123!",
    officialCompanyName: "Permian Partners LLC",
  });
  const outside = await insertTestAccount(core, { password: "Buyer123!" });
  await openTestDataRoom(core, inside.id, listing.ListingId);
  return {
    core,
    listing,
    other,
    admin: core.sessions.sessionUser(staff),
    buyer: core.sessions.sessionUser(inside),
    outsider: core.sessions.sessionUser(outside),
  };
}

/**
 * The fixture for the tests of the calling describe block: made before them, its core closed after them.
 * Read its fields inside hooks and tests.
 */
export function roomFixtureForSuite(engine: TestEngine): RoomFixture {
  const fixture = {} as RoomFixture;
  beforeAll(async () => {
    Object.assign(fixture, await roomFixture(engine));
  });
  afterAll(() => fixture.core?.close());
  return fixture;
}

/**
 * For the tests of what buyers do in a room (Q&A, bids): a room, staff, the named buyers let in with
 * the listing's agreement signed, and `unsigned`, let in by access code but not signed yet.
 */
export type BuyersRoom<Buyer extends string> = Record<Buyer, SessionUser> & {
  core: Core;
  listing: Listing;
  admin: SessionUser;
  unsigned: SessionUser;
  /** The mail filed for `email`, oldest first. */
  mailsTo(email: string): Promise<{ subject: string; text: string }[]>;
  /** Runs the background jobs until none is due (mail goes from them). */
  runAllJobs(): Promise<void>;
};

/**
 * The buyers' room for the tests of the calling describe block, on a core whose time is `clock`: the
 * first public unsold room that `fits`, with `buyers` by first and last name. Made before the tests,
 * its core closed after them; read its fields inside hooks and tests.
 */
export function buyersRoomForSuite<Buyer extends string>(
  engine: TestEngine,
  {
    clock,
    buyers,
    fits = () => true,
  }: { clock: ManualClock; buyers: Record<Buyer, [string, string]>; fits?: (listing: Listing) => boolean },
): BuyersRoom<Buyer> {
  const room = {
    mailsTo: (email: string) =>
      testDatabase(room.core)
        .db.selectFrom("mail_outbox")
        .select(["subject", "text"])
        .where("to", "=", email)
        .orderBy("id")
        .execute(),
    runAllJobs: async () => {
      while ((await room.core.jobs.runDue()) > 0) {}
    },
  } as BuyersRoom<Buyer>;
  beforeAll(async () => {
    const core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" }, { clock });
    const person = async (fields: { firstName: string; lastName: string } | { isAdmin: true }) =>
      core.sessions.sessionUser(await insertTestAccount(core, { password: "Right2030", ...fields }));
    const listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l) && fits(l));
    if (!listing) throw new Error("the demo has no public data room that fits");
    Object.assign(room, { core, listing, admin: await person({ isAdmin: true }) });
    for (const [key, [firstName, lastName]] of Object.entries<[string, string]>(buyers)) {
      const buyer = await person({ firstName, lastName });
      await openTestDataRoom(core, buyer.id, listing.ListingId);
      Object.assign(room, { [key]: buyer });
    }
    room.unsigned = await person({ firstName: "Una", lastName: "Unsigned" });
    await dataRoomStores(testDatabase(core).db).dataRoomGrants.grant({
      userId: room.unsigned.id,
      ListingId: listing.ListingId,
      via: "code",
      grantedBy: null,
      grantedAt: new Date(clock.now()).toISOString(),
    });
  });
  afterAll(() => room.core?.close());
  return room;
}

/** A received upload that can be read whole or in ranges, as a tus upload's file can. */
export const received = (name: string, bytes: Uint8Array): ReceivedFile => ({
  name,
  size: bytes.byteLength,
  open: (range) =>
    Readable.from([Buffer.from(bytes.subarray(range?.start ?? 0, range ? range.end + 1 : undefined))]),
});

/** A PDF of `pages` letter pages, each saying "Page n". */
export async function pdfBytes(pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let n = 0; n < pages; n++) pdf.addPage([612, 792]).drawText(`Page ${n + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}

/** A 1×1 PNG. */
export const pngBytes = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

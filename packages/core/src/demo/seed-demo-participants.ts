import { createHash } from "node:crypto";
import { agreementPlainText, confidentialityAgreement, isSold, type Listing } from "@aea/domain";
import { renderSignedAgreement } from "../data-rooms/agreements/agreement-pdf.ts";
import type { EventPlace } from "../data-rooms/room-events.ts";
import type { Executor } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";
import {
  type DemoParticipant,
  generateDemoParticipants,
  UNUSABLE_PASSWORD_HASH,
} from "./demo-participants.ts";
import { demoLook, demoRoomFiles } from "./demo-room-files.ts";

const DEMO_IP = "192.0.2.22";
const DEMO_USER_AGENT = "Demo data (generated buyer network)";
/** One signed PDF stands for every generated agreement: rendering thousands would slow every start. */
const SPECIMEN_KEY = "agreements/demo-participants/specimen.pdf";
/** Bound parameters per INSERT: well under the limits of node:sqlite and PostgreSQL (65,535). */
const PARAMETERS = 10_000;

/** The specimen agreement every generated signature points at, stored once (before the transaction). */
export async function prepareParticipantAgreement(
  listings: Listing[],
  { storage, firmName, now }: { storage: Storage; firmName: string; now: number },
) {
  const listing = listings.find((l) => !l.isPrivate && l.hasVDR && !isSold(l));
  if (!listing) return undefined;
  const signedAt = new Date(now).toISOString();
  const agreement = confidentialityAgreement({
    firmName,
    listingId: listing.ListingId,
    listingHeader: listing.Header,
    date: signedAt.slice(0, 10),
  });
  const agreementSha256 = createHash("sha256").update(agreementPlainText(agreement)).digest("hex");
  if (!(await storage.stat(SPECIMEN_KEY))) {
    const pdf = await renderSignedAgreement(
      agreement,
      {
        signerName: "Generated demo participant",
        signerEmail: "specimen@participants.anticline.test",
        company: "Demo buyer network",
        signedAt,
        ipAddress: DEMO_IP,
        userAgent: DEMO_USER_AGENT,
        agreementSha256,
        listingId: listing.ListingId,
      },
      { firmName },
    );
    await storage.put(SPECIMEN_KEY, pdf, { contentType: "application/pdf" });
  }
  return { agreementSha256 };
}

/**
 * Inserts the generated buyer network in bulk (a few statements per table, not one per row): the
 * accounts, their interests, deal-alert choices, likes, private-deal and data-room grants, signed
 * agreements and data-room visits, every event marked `demo: true`.
 */
export async function seedDemoParticipants(
  trx: Executor,
  listings: Listing[],
  specimen: { agreementSha256: string } | undefined,
  now: number,
): Promise<number> {
  const open = listings.filter((l) => !l.isPrivate && !isSold(l));
  const withDataRoom = specimen ? open.filter((l) => l.hasVDR).map((l) => l.ListingId) : [];
  const participants = generateDemoParticipants(
    {
      withDataRoom,
      publicIds: open.map((l) => l.ListingId),
      privateIds: listings.filter((l) => l.isPrivate).map((l) => l.ListingId),
    },
    now,
  );
  const ids: number[] = [];
  for (const part of chunks(participants))
    ids.push(
      ...(await trx.insertInto("users").values(part.map(userRow)).returning("id").execute()).map((r) => r.id),
    );
  const nowIso = new Date(now).toISOString();
  const rowsOf = <T>(make: (p: DemoParticipant, userId: number) => T[]) =>
    participants.flatMap((p, i) => make(p, ids[i] as number));
  await insertAll(
    trx,
    "user_interests",
    rowsOf((p, userId) => [{ userId, interests: JSON.stringify(p.interests), updatedAt: p.createdAt }]),
  );
  await insertAll(
    trx,
    "deal_alert_subscriptions",
    // A buyer with alerts off has no subscription, as when they turn them off on their profile.
    rowsOf((p, userId) =>
      p.dealAlerts === "off" ? [] : [{ userId, frequency: p.dealAlerts, subscribedAt: p.createdAt }],
    ),
  );
  await insertAll(
    trx,
    "liked_listings",
    rowsOf((p, userId) => p.likedListingIds.map((ListingId) => ({ userId, ListingId, createdAt: nowIso }))),
  );
  await insertAll(
    trx,
    "private_deal_grants",
    rowsOf((p, userId) =>
      p.privateListingIds.map((ListingId) => ({
        userId,
        ListingId,
        grantedBy: null,
        grantedAt: p.createdAt,
      })),
    ),
  );
  await insertAll(
    trx,
    "data_room_grants",
    rowsOf((p, userId) =>
      p.dataRooms.map((room) => ({
        userId,
        ListingId: room.ListingId,
        via: room.via,
        grantedBy: null,
        grantedAt: room.grantedAt,
      })),
    ),
  );
  const signer = (p: DemoParticipant) => ({
    signerName: `${p.firstName} ${p.lastName}`,
    signerEmail: p.email,
    company: p.companyName,
  });
  if (specimen)
    await insertAll(
      trx,
      "signed_agreements",
      rowsOf((p, userId) =>
        p.dataRooms.flatMap((room) =>
          room.signedAt === null
            ? []
            : [
                {
                  userId,
                  ListingId: room.ListingId,
                  ...signer(p),
                  signedAt: room.signedAt,
                  ipAddress: DEMO_IP,
                  userAgent: DEMO_USER_AGENT,
                  agreementSha256: specimen.agreementSha256,
                  storageKey: SPECIMEN_KEY,
                },
              ],
        ),
      ),
    );
  const event = (
    userId: number,
    ListingId: number,
    at: string,
    name: string,
    detail: object,
    place: EventPlace = {},
  ) => ({
    at,
    userId,
    ListingId,
    event: name,
    fileId: place.file ?? null,
    folderId: place.folder ?? null,
    ipAddress: DEMO_IP,
    detail: JSON.stringify({ ...detail, demo: true }),
    impersonatorId: null,
  });
  // A look names a file of the room and its folder, as real ones do (the folder heat map counts them).
  const files = await demoRoomFiles(trx, withDataRoom);
  const look = (
    userId: number,
    ListingId: number,
    seen: DemoParticipant["dataRooms"][number]["events"][number],
  ) => {
    const documents = files.get(ListingId) ?? [];
    const file = documents[Math.floor(seen.depth * documents.length)];
    if (!file) return event(userId, ListingId, seen.at, seen.event, {});
    const { detail, place } = demoLook(seen.event, file);
    return event(userId, ListingId, seen.at, seen.event, detail, place);
  };

  await insertAll(
    trx,
    "data_room_events",
    rowsOf((p, userId) =>
      p.dataRooms.flatMap((room) => [
        event(userId, room.ListingId, room.grantedAt, "access-granted", { userId, via: room.via }),
        ...(room.signedAt
          ? [event(userId, room.ListingId, room.signedAt, "agreement-signed", signer(p))]
          : []),
        ...room.events.map((e) => look(userId, room.ListingId, e)),
      ]),
    ),
  );
  return participants.length;
}

function userRow(p: DemoParticipant) {
  return {
    email: p.email,
    firstName: p.firstName,
    middle: null,
    lastName: p.lastName,
    passwordHash: UNUSABLE_PASSWORD_HASH,
    verified: p.verified ? 1 : 0,
    isAdmin: 0,
    hasClaimAD: 0,
    officialCompanyName: null,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
    companyName: p.companyName,
    title: p.title,
    contactPhone: null,
    userRequestedAddress: null,
    userRequestedCity: p.city,
    userRequestedState: p.state,
    userRequestedZip: null,
    companyLocationAddress: null,
    companyLocationCity: p.city,
    companyLocationState: p.state,
    companyLocationZip: null,
    lockedUntil: null,
    lastLoginAt: p.lastLoginAt,
    passwordChangedAt: null,
    disabledAt: null,
  };
}

function chunks<T extends object>(rows: T[]): T[][] {
  const size = Math.floor(PARAMETERS / Math.max(1, Object.keys(rows[0] ?? {}).length));
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );
}

async function insertAll(
  trx: Executor,
  table: Parameters<Executor["insertInto"]>[0],
  rows: object[],
): Promise<void> {
  for (const part of chunks(rows))
    await trx
      .insertInto(table)
      .values(part as never)
      .execute();
}

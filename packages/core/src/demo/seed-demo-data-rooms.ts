import { createHash } from "node:crypto";
import {
  agreementPlainText,
  confidentialityAgreement,
  type DataRoomEventName,
  isSold,
  type Listing,
} from "@aea/domain";
import { AuditTrail } from "../audit/audit-trail.ts";
import { renderSignedAgreement } from "../data-rooms/agreements/agreement-pdf.ts";
import { dataRoomStores } from "../data-rooms/data-room-stores.ts";
import { aboutFile, type EventPlace } from "../data-rooms/room-events.ts";
import type { Executor } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";
import { type DemoRoomFile, demoLook, demoRoomFiles } from "./demo-room-files.ts";

const DAY_MS = 86_400_000;
const DEMO_IP = "192.0.2.10";
const DEMO_USER_AGENT = "Demo data (seeded with the demo accounts)";

/** What the demo's data rooms start with; chosen before the accounts' transaction (the PDF is stored first). */
export interface DemoDataRoomPlan {
  /** The private listing the private buyer signed the agreement for. */
  signed: Listing;
  /** Public listings with a data room whose trail shows the firm preparing them. */
  prepared: Listing[];
  signedPdfKey: string;
  signedAt: string;
  agreementSha256: string;
  signer: { name: string; email: string; company: string };
}

/**
 * Picks the listing the private buyer signed for (the first granted private listing with a data room)
 * and stores their real signed PDF. Undefined when the demo book has no such listing.
 */
export async function prepareDemoDataRooms(options: {
  listings: Listing[];
  grantedPrivateIds: number[];
  signer: { name: string; email: string; company: string };
  storage: Storage;
  firmName: string;
  now: number;
}): Promise<DemoDataRoomPlan | undefined> {
  const { listings, grantedPrivateIds, signer, storage, firmName, now } = options;
  const signed = listings.find((l) => grantedPrivateIds.includes(l.ListingId) && l.hasVDR && !isSold(l));
  if (!signed) return undefined;
  const signedAt = new Date(now - 40 * DAY_MS).toISOString();
  const agreement = confidentialityAgreement({
    firmName,
    listingId: signed.ListingId,
    listingHeader: signed.Header,
    date: signedAt.slice(0, 10),
  });
  const agreementSha256 = createHash("sha256").update(agreementPlainText(agreement)).digest("hex");
  const pdf = await renderSignedAgreement(
    agreement,
    {
      signerName: signer.name,
      signerEmail: signer.email,
      company: signer.company,
      signedAt,
      ipAddress: DEMO_IP,
      userAgent: DEMO_USER_AGENT,
      agreementSha256,
      listingId: signed.ListingId,
    },
    { firmName },
  );
  const signedPdfKey = `agreements/${signed.ListingId}/demo-private-buyer.pdf`;
  await storage.put(signedPdfKey, pdf, { contentType: "application/pdf" });
  const prepared = listings.filter((l) => !l.isPrivate && l.hasVDR && !isSold(l)).slice(0, 2);
  return { signed, prepared, signedPdfKey, signedAt, agreementSha256, signer };
}

/**
 * The private buyer's data-room grant (by staff) and signed agreement, and a plausible audit trail
 * over the last weeks: the buyer reading and downloading, staff uploading to a few data rooms. The
 * events name the rooms' own files and folders as real ones do; every demo event says `demo: true`
 * in its detail.
 */
export async function seedDemoDataRooms(
  trx: Executor,
  plan: DemoDataRoomPlan,
  ids: { adminId: number; buyerId: number },
  now: number,
): Promise<void> {
  const stores = dataRoomStores(trx);
  const listingId = plan.signed.ListingId;
  const at = (daysAgo: number, hour = 15) =>
    new Date(Math.floor((now - daysAgo * DAY_MS) / DAY_MS) * DAY_MS + hour * 3_600_000).toISOString();
  const event = (
    ListingId: number,
    userId: number,
    when: string,
    name: DataRoomEventName,
    detail: Record<string, unknown> = {},
    place: EventPlace = {},
  ) =>
    // The demo's clock is the past moment the event is dated.
    new AuditTrail(trx, { now: () => Date.parse(when) }).record({
      actor: userId,
      ip: DEMO_IP,
      action: name,
      subject: { dataRoom: ListingId, ...place },
      details: { ...detail, demo: true },
    });

  // Staff prepare the data rooms over the weeks before buyers come in.
  const rooms = [plan.signed, ...plan.prepared];
  const files = await demoRoomFiles(
    trx,
    rooms.map((l) => l.ListingId),
  );
  for (const [n, listing] of rooms.entries()) {
    for (const [i, file] of (files.get(listing.ListingId) ?? []).entries()) {
      const when = at(75 - n * 7 - i * 3, 10);
      const detail = { name: file.name, size: file.size };
      await event(listing.ListingId, ids.adminId, when, "file-uploaded", detail, aboutFile(file));
    }
  }

  const grantedAt = new Date(Date.parse(plan.signedAt) - DAY_MS).toISOString();
  await stores.dataRoomGrants.grant({
    userId: ids.buyerId,
    ListingId: listingId,
    via: "staff",
    grantedBy: ids.adminId,
    grantedAt,
  });
  await event(listingId, ids.adminId, grantedAt, "access-granted", { userId: ids.buyerId, via: "staff" });
  await stores.signedAgreements.insert({
    userId: ids.buyerId,
    ListingId: listingId,
    signerName: plan.signer.name,
    signerEmail: plan.signer.email,
    company: plan.signer.company,
    signedAt: plan.signedAt,
    ipAddress: DEMO_IP,
    userAgent: DEMO_USER_AGENT,
    agreementSha256: plan.agreementSha256,
    storageKey: plan.signedPdfKey,
  });
  await event(listingId, ids.buyerId, plan.signedAt, "agreement-signed", {
    signerName: plan.signer.name,
    company: plan.signer.company,
  });

  // The buyer's due diligence: visits every week or so, reading more as the bid date nears.
  const documents = files.get(listingId) ?? [];
  for (
    let daysAgo = 39, visit = 0;
    documents.length && daysAgo >= 1;
    daysAgo -= 3 + (visit % 3), visit += 1
  ) {
    const file = documents[visit % documents.length] as DemoRoomFile;
    const looks = [
      "folder-opened",
      "file-previewed",
      ...(visit % 2 === 1 ? ["file-downloaded" as const] : []),
    ] as const;
    for (const [hour, name] of looks.entries()) {
      const { detail, place } = demoLook(name, file);
      await event(listingId, ids.buyerId, at(daysAgo, 14 + hour), name, detail, place);
    }
  }
}

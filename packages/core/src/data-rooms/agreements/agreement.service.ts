import { createHash, randomUUID } from "node:crypto";
import {
  AGREEMENT_TEXTS,
  type AgreementInput,
  agreementPlainText,
  type ConfidentialityAgreement,
  confidentialityAgreement,
  fail,
  type Listing,
  mayViewListing,
  notFound,
  refuseWhileViewingAs,
  type SessionUser,
  SIGNATURE_MAX_PIXELS,
  signedAgreementPdfPath,
} from "@aea/domain";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { userImage } from "../../images/user-image.ts";
import type { ListingService } from "../../listings/listing.service.ts";
import type { Mailroom } from "../../mail/mailroom.ts";
import { agreementSignedBuyerMail, agreementSignedStaffMail } from "../../mail/templates.ts";
import { type Storage, type StoredFile, storedFile } from "../../storage/storage.ts";
import type { DataRoomAccessService } from "../data-room-access.service.ts";
import { dataRoomStores, dataRoomStoresWithTrail } from "../data-room-stores.ts";
import { roomEvent } from "../room-events.ts";
import type { SignedAgreement } from "./signed-agreement.repository.ts";

/** Where the signing happened, for the certificate page and the audit trail. */
export interface SigningContext {
  ipAddress: string;
  userAgent: string;
}

const alreadySigned = () => fail("ALREADY_SIGNED", AGREEMENT_TEXTS.alreadySigned);

/**
 * Confidentiality agreements signed in the browser (decision 017): the text per listing, the signed
 * PDF with its certificate page, kept in storage (never under a public path), recorded with an
 * "agreement-signed" event and mailed to the buyer and to staff in the same transaction.
 */
export interface AgreementServiceOptions {
  config: Pick<Config, "firmName" | "publicUrl" | "supportEmail">;
  database: Database;
  mailroom: Pick<Mailroom, "transactionReportingMail">;
  storage: Storage;
  listings: ListingService;
  access: DataRoomAccessService;
  clock?: Clock;
}

export class AgreementService {
  readonly #d: AgreementServiceOptions & { clock: Clock };

  constructor(options: AgreementServiceOptions) {
    this.#d = { ...options, clock: options.clock ?? systemClock };
  }

  /** The listing's agreement as a buyer reads it today (and signs it, with the day of signing). */
  agreementFor(
    listing: Pick<Listing, "ListingId" | "Header">,
    at = this.#d.clock.now(),
  ): ConfidentialityAgreement {
    return confidentialityAgreement({
      firmName: this.#d.config.firmName,
      listingId: listing.ListingId,
      listingHeader: listing.Header,
      date: new Date(at).toISOString().slice(0, 10),
    });
  }

  /** The buyer's signed agreement for the listing, if they signed it. */
  find(userId: number, listingId: number): Promise<SignedAgreement | undefined> {
    return dataRoomStores(this.#d.database.db).signedAgreements.find(userId, listingId);
  }

  /**
   * Signs the listing's agreement for the buyer. Only a buyer whose next step into the data room is
   * the agreement may sign (409 when they already did, 404 as for a missing deal otherwise).
   */
  async sign(
    user: SessionUser,
    listingId: number,
    input: AgreementInput,
    where: SigningContext,
  ): Promise<SignedAgreement> {
    refuseWhileViewingAs(user);
    const listing = await this.#d.listings.findById(listingId);
    if (!listing) throw notFound("No such deal");
    if (await this.find(user.id, listingId)) throw alreadySigned();
    if ((await this.#d.access.step(user, listing)) !== "agreement") throw notFound("No such deal");

    const now = this.#d.clock.now();
    const signedAt = new Date(now).toISOString();
    const agreement = this.agreementFor(listing, now);
    const agreementSha256 = createHash("sha256").update(agreementPlainText(agreement), "utf8").digest("hex");
    const facts = {
      userId: user.id,
      ListingId: listingId,
      signerName: input.fullName,
      signerEmail: user.email,
      company: input.company,
      signedAt,
      ipAddress: where.ipAddress,
      userAgent: where.userAgent.slice(0, 1000),
      agreementSha256,
      // Unguessable and never reused: a key names one signature, even across databases sharing a store.
      storageKey: `agreements/${listingId}/${user.id}-${randomUUID()}.pdf`,
    };
    // The PDF library loads with the first signature, not with the server (decision 037).
    const { renderSignedAgreement } = await import("./agreement-pdf.ts");
    const pdf = await renderSignedAgreement(
      agreement,
      { ...facts, listingId },
      {
        firmName: this.#d.config.firmName,
        drawnSignaturePng: input.signature ? await signaturePng(input.signature) : undefined,
      },
    ).catch((error: unknown) => {
      // Only the drawn signature comes from outside: a PNG that does not decode is the buyer's to redo.
      if (input.signature) throw badSignature(AGREEMENT_TEXTS.signatureInvalid);
      throw error;
    });
    // The file is stored first so that the row never names a file that is not there; a rollback
    // removes it again.
    await this.#d.storage.put(facts.storageKey, pdf, { contentType: "application/pdf" });
    try {
      const { value, mailError } = await this.#d.mailroom.transactionReportingMail(
        dataRoomStoresWithTrail(this.#d.clock),
        async (stores, fileMail) => {
          const signed = await stores.signedAgreements.insert(facts);
          await stores.trail.record(
            roomEvent({ userId: user.id, ipAddress: where.ipAddress }, listingId, "agreement-signed", {
              signerName: facts.signerName,
              company: facts.company,
              sha256: agreementSha256,
            }),
          );
          const mailFacts = {
            ...facts,
            listingHeader: listing.Header,
            listingId,
            downloadUrl: `${this.#d.config.publicUrl}${signedAgreementPdfPath(listingId)}`,
          };
          const attachment = {
            filename: `confidentiality-agreement-${listingId}.pdf`,
            contentType: "application/pdf",
            content: pdf,
          };
          await fileMail({
            ...agreementSignedBuyerMail(this.#d.config, mailFacts),
            attachments: [attachment],
          });
          await fileMail({
            ...agreementSignedStaffMail(this.#d.config, {
              ...mailFacts,
              downloadUrl: `${this.#d.config.publicUrl}${signedAgreementPdfPath(listingId, user.id)}`,
            }),
            attachments: [attachment],
          });
          return signed;
        },
      );
      // The agreement stands when a mail fails: the outbox notes the failure, staff can resend.
      if (mailError) console.error(`Signed agreement ${value.id}: ${mailError}`);
      return value;
    } catch (error) {
      await this.#d.storage.delete(facts.storageKey);
      // Two tabs signing at once: the second insert meets the unique (userId, ListingId) constraint.
      if (await this.find(user.id, listingId)) throw alreadySigned();
      throw error;
    }
  }

  /**
   * A signed PDF for the viewer: a buyer's own (for a listing they may still see), or any buyer's for
   * staff. Undefined, which callers answer with a 404, in every other case.
   */
  async signedPdf(
    viewer: SessionUser | null,
    listingId: number,
    userId?: number,
  ): Promise<{ file: StoredFile; agreement: SignedAgreement } | undefined> {
    if (!viewer) return undefined;
    const ownerId = userId ?? viewer.id;
    if (ownerId !== viewer.id && !viewer.isAdmin) return undefined;
    const listing = await this.#d.listings.findById(listingId);
    if (!listing || !mayViewListing(listing, viewer)) return undefined;
    const agreement = await this.find(ownerId, listingId);
    const file = agreement && (await storedFile(this.#d.storage, agreement.storageKey, "application/pdf"));
    return file && agreement ? { file, agreement } : undefined;
  }

  /** signedCACount per listing (listings nobody signed for are left out). */
  signedCounts(): Promise<Map<number, number>> {
    return dataRoomStores(this.#d.database.db).signedAgreements.countByListing();
  }
}

const badSignature = (message: string) => fail("BAD_SIGNATURE", message);

/**
 * The drawn signature as a plain one-frame PNG for pdf-lib, which decodes whatever it is given in
 * full (every frame of an animated PNG too): sharp reads the size from the header first and refuses a
 * drawing of more than SIGNATURE_MAX_PIXELS before anything is decoded.
 */
async function signaturePng(dataUrl: string): Promise<Uint8Array> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  const invalid = () => badSignature(AGREEMENT_TEXTS.signatureInvalid);
  const image = await userImage(bytes, {
    maxPixels: SIGNATURE_MAX_PIXELS,
    unreadable: invalid,
    tooLarge: () => badSignature(AGREEMENT_TEXTS.signatureTooLarge),
  });
  if (image.metadata.format !== "png") throw invalid();
  return image
    .decode()
    .png()
    .toBuffer()
    .catch(() => Promise.reject(invalid()));
}

import {
  type AdminListingFilter,
  type AdminListingPictures,
  EMPTY_PRIVATE_EXTRAS,
  type ExportFormat,
  fail,
  filterAdminListings,
  IMAGE_TOO_LARGE,
  isOnPublicMarket,
  LISTING_AGENT_FIELDS,
  LISTING_CHANGED_ELSEWHERE,
  LISTING_DATA_ROOM_FLAGS,
  LISTING_IMAGE_KINDS,
  LISTING_IMAGE_MAX_BYTES,
  LISTING_NOT_FOUND,
  LISTING_SIZE_FLAGS,
  LISTING_STATUSES,
  LISTING_TEXT_FIELDS,
  LISTING_WEB_FLAGS,
  type Listing,
  type ListingForm,
  type ListingImageSource,
  type ListingWebSettings,
  listingIdTaken,
  listingImagePath,
  NOT_AN_IMAGE,
  notFound,
  PRIVATE_DEAL_DATE_FIELDS,
  type PrivateDealExtras,
  plsCodeDescription,
  plsCodeTokens,
  refuseUnlessAdmin,
  type StaffActor,
} from "@aea/domain";
import { type AuditedEvent, AuditTrail } from "../audit/audit-trail.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Database, Executor } from "../db/database.ts";
import type { DealAlertService } from "../deal-alerts/deal-alert.service.ts";
import { type ExportFile, exportFile } from "../export/table-export.ts";
import { USER_IMAGE_MAX_PIXELS, userImage } from "../images/user-image.ts";
import type { Storage } from "../storage/storage.ts";
import { ListingRepository } from "./listing.repository.ts";
import type { ListingService } from "./listing.service.ts";
import { listingsTable } from "./listing-export.ts";

/** Formats sharp reads that a picture may arrive in; anything else (SVG, PDF, text) is refused. */
const PICTURE_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);

export type AdminDealDetails = AdminListingPictures;

/**
 * Staff writes to listings: create, edit (refused when someone else saved since the form was read),
 * web settings, and the cover, logo and tombstone pictures. Every write goes through ListingRepository,
 * whose commit moves the listings' data version that the public lists, map, sitemap, Deals.txt, the
 * render cache and the prebuilt responses key on (docs/decisions/026), so a saved listing shows at once.
 */
export class ListingEditingService {
  readonly #database: Database;
  readonly #storage: Storage;
  readonly #listings: ListingService;
  readonly #clock: Clock;
  readonly #alerts: Pick<DealAlertService, "fileListingPublished">;

  constructor(options: {
    database: Database;
    storage: Storage;
    listings: ListingService;
    /** Buyers' deal alerts: filed in the save's own transaction when a listing goes on the market. */
    alerts: Pick<DealAlertService, "fileListingPublished">;
    clock?: Clock;
  }) {
    this.#database = options.database;
    this.#storage = options.storage;
    this.#listings = options.listings;
    this.#alerts = options.alerts;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * A new listing; a number already in use is refused (409) and nothing is written. Every write is
   * audited with the staff member who made it and the address it came from (`ipAddress`).
   */
  async create(staff: StaffActor, form: ListingForm, ipAddress: string | null): Promise<Listing> {
    refuseUnlessAdmin(staff);
    const now = this.#now(null);
    const listing = listingOf(form, undefined, now);
    await this.#database.transaction(async (trx) => {
      const repository = new ListingRepository(trx);
      if (await repository.exists(listing.ListingId))
        throw fail("LISTING_EXISTS", listingIdTaken(listing.ListingId));
      const extras = privateExtrasOf(form);
      await repository.insertMany([listing], new Map(extras ? [[listing.ListingId, extras]] : []));
      if (isOnPublicMarket(listing)) await this.#alerts.fileListingPublished(trx, listing.ListingId);
      await this.#audit(trx, staff, ipAddress, "listing-created", listing.ListingId);
    });
    return listing;
  }

  /**
   * Saves the form over listing `listingId` if it is still the version the form was read at
   * (`form.version`, its updatedDate): otherwise 409 with LISTING_CHANGED_ELSEWHERE and nothing
   * is written. Pictures are not the form's: they stay as the image editor left them.
   */
  async update(
    staff: StaffActor,
    listingId: number,
    form: ListingForm,
    ipAddress: string | null,
  ): Promise<Listing> {
    refuseUnlessAdmin(staff);
    const saved = await this.#database.transaction(async (trx) => {
      const repository = new ListingRepository(trx);
      const current = await repository.findById(listingId);
      if (!current) throw notFound(LISTING_NOT_FOUND);
      if ((current.updatedDate ?? null) !== (form.version ?? null))
        throw fail("LISTING_CHANGED", LISTING_CHANGED_ELSEWHERE);
      const listing = listingOf({ ...form, ListingId: listingId }, current, this.#now(current.updatedDate));
      if (!(await repository.replace(listing, current.updatedDate)))
        throw fail("LISTING_CHANGED", LISTING_CHANGED_ELSEWHERE);
      await repository.savePrivateDetails(
        listingId,
        privateExtrasOf(form, await repository.findPrivateDetails(listingId)),
      );
      // Published or re-listed: it was not on the public market before this save, and is now.
      if (isOnPublicMarket(listing) && !isOnPublicMarket(current))
        await this.#alerts.fileListingPublished(trx, listingId);
      await this.#audit(trx, staff, ipAddress, "listing-edited", listingId, {
        fields: changedFields(current, listing),
      });
      return listing;
    });
    return saved;
  }

  /** The web settings given (the rest stay); with `updatedDate`, refused like `update` when stale. */
  async updateWebSettings(
    staff: StaffActor,
    settings: ListingWebSettings,
    ipAddress: string | null,
  ): Promise<Listing> {
    refuseUnlessAdmin(staff);
    const saved = await this.#database.transaction(async (trx) => {
      const repository = new ListingRepository(trx);
      const current = await repository.findById(settings.listingId);
      if (!current) throw notFound(LISTING_NOT_FOUND);
      if (settings.updatedDate !== undefined && settings.updatedDate !== current.updatedDate)
        throw fail("LISTING_CHANGED", LISTING_CHANGED_ELSEWHERE);
      const listing: Listing = { ...current, updatedDate: this.#now(current.updatedDate) };
      if (settings.webStatus !== undefined) listing.webStatus = settings.webStatus || null;
      for (const name of [...LISTING_WEB_FLAGS, ...LISTING_DATA_ROOM_FLAGS]) {
        const value = settings[name];
        if (value !== undefined) listing[name] = value;
      }
      if (!(await repository.replace(listing, current.updatedDate)))
        throw fail("LISTING_CHANGED", LISTING_CHANGED_ELSEWHERE);
      await this.#audit(trx, staff, ipAddress, "listing-web-settings-changed", listing.ListingId, {
        fields: changedFields(current, listing),
      });
      return listing;
    });
    return saved;
  }

  /** Every listing the staff list's filters keep, as CSV or XLSX. */
  async export(filter: AdminListingFilter, format: ExportFormat, firmName: string): Promise<ExportFile> {
    const listings = filterAdminListings(await this.#listings.allListings(), filter);
    return exportFile(listingsTable(listings, firmName), format);
  }

  async adminDetails(listingId: number): Promise<AdminDealDetails> {
    const listing = await this.#listings.findById(listingId);
    if (!listing) throw notFound(LISTING_NOT_FOUND);
    const { ListingId, Header, ImageUrl, boxLogoUrl, tombstoneUrl } = listing;
    return { ListingId, Header, ImageUrl, boxLogoUrl, tombstoneUrl };
  }

  /**
   * Replaces a picture: the bytes must be a picture by their content (sharp reads them), at most
   * 10 MB; it is cut to the kind's size, stored at the listing's media path, and mediaUpdatedDate
   * moves so every URL of it changes. Not updatedDate: an editor form open meanwhile stays current.
   */
  async replaceImage(
    staff: StaffActor,
    listingId: number,
    source: ListingImageSource,
    bytes: Uint8Array,
    ipAddress: string | null,
  ): Promise<AdminDealDetails> {
    refuseUnlessAdmin(staff);
    await this.#existing(listingId);
    if (bytes.byteLength > LISTING_IMAGE_MAX_BYTES) throw fail("IMAGE_TOO_LARGE", IMAGE_TOO_LARGE);
    const picture = await fittedPicture(bytes, source);
    const kind = LISTING_IMAGE_KINDS[source];
    await this.#storage.put(storageKey(listingId, source), picture, { contentType: kind.contentType });
    await this.#setPicture(listingId, source, listingImagePath(listingId, source), (trx) =>
      this.#audit(trx, staff, ipAddress, "listing-picture-replaced", listingId, { picture: source }),
    );
    return this.adminDetails(listingId);
  }

  /** Removes a picture: the listing no longer names it and the stored file is deleted. */
  async clearImage(
    staff: StaffActor,
    listingId: number,
    source: ListingImageSource,
    ipAddress: string | null,
  ): Promise<AdminDealDetails> {
    refuseUnlessAdmin(staff);
    await this.#existing(listingId);
    await this.#setPicture(listingId, source, null, (trx) =>
      this.#audit(trx, staff, ipAddress, "listing-picture-removed", listingId, { picture: source }),
    );
    await this.#storage.delete(storageKey(listingId, source));
    return this.adminDetails(listingId);
  }

  async #existing(listingId: number): Promise<Listing> {
    const listing = await this.#listings.findById(listingId);
    if (!listing) throw notFound(LISTING_NOT_FOUND);
    return listing;
  }

  async #setPicture(
    listingId: number,
    source: ListingImageSource,
    path: string | null,
    audit: (trx: Executor) => Promise<void>,
  ): Promise<void> {
    const { urlField } = LISTING_IMAGE_KINDS[source];
    await this.#database.transaction(async (trx) => {
      const repository = new ListingRepository(trx);
      const current = await repository.findById(listingId);
      if (!current) throw notFound(LISTING_NOT_FOUND);
      const listing: Listing = {
        ...current,
        [urlField]: path,
        mediaUpdatedDate: this.#now(current.mediaUpdatedDate),
      };
      if (source === "Logo") listing.hasLogoImage = path !== null;
      await repository.replace(listing, current.updatedDate);
      await audit(trx);
    });
  }

  /** Records a staff change to a listing in the audit, in the change's own transaction. */
  #audit(
    trx: Executor,
    staff: StaffActor,
    ipAddress: string | null,
    action: AuditedEvent["action"] & `listing-${string}`,
    listingId: number,
    details?: Record<string, unknown>,
  ): Promise<void> {
    return new AuditTrail(trx, this.#clock).record({
      actor: staff.id,
      impersonator: staff.impersonatorId,
      ip: ipAddress,
      action,
      subject: { listing: listingId },
      details,
    });
  }

  /** Now as ISO text, always after `previous`, so two saves in one millisecond still differ. */
  #now(previous: string | null): string {
    const before = previous ? Date.parse(previous) : Number.NaN;
    const now = this.#clock.now();
    return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
  }
}

function storageKey(listingId: number, source: ListingImageSource): string {
  return `listings/${listingId}/${LISTING_IMAGE_KINDS[source].file}`;
}

/**
 * The upload cut to the kind's size and format; 400 NOT_AN_IMAGE when sharp cannot read a picture in
 * it, 400 IMAGE_TOO_LARGE, before decoding, when it holds more than USER_IMAGE_MAX_PIXELS.
 */
async function fittedPicture(bytes: Uint8Array, source: ListingImageSource): Promise<Buffer> {
  const kind = LISTING_IMAGE_KINDS[source];
  const notAnImage = (cause?: unknown) => fail("NOT_AN_IMAGE", NOT_AN_IMAGE, cause);
  const image = await userImage(bytes, { maxPixels: USER_IMAGE_MAX_PIXELS, unreadable: notAnImage });
  const { format } = image.metadata;
  if (!format || !PICTURE_FORMATS.has(format)) throw notAnImage();
  try {
    const resized = image
      .decode()
      .rotate()
      .resize({
        width: kind.width,
        height: kind.height,
        fit: kind.fit,
        position: "attention",
        // Logos and tombstones sit on white, as on the deal cards and the tombstone wall.
        background: { r: 255, g: 255, b: 255, alpha: 1 },
      })
      .flatten({ background: "#ffffff" });
    return kind.contentType === "image/jpeg"
      ? await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
      : await resized.png({ compressionLevel: 9 }).toBuffer();
  } catch (error) {
    throw notAnImage(error);
  }
}

/** The names of the fields a save changed (what the audit says was edited, not the values). */
function changedFields(before: Listing, after: Listing): string[] {
  const ignored = new Set(["updatedDate", "mediaUpdatedDate"]);
  return (Object.keys(after) as (keyof Listing)[]).filter(
    (name) => !ignored.has(name) && JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
}

/** The stored day: the form's day at midnight UTC, or the stored value when it is on the same day. */
function dayValue(day: string | null, stored: string | null | undefined): string | null {
  if (!day) return null;
  return stored?.slice(0, 10) === day ? stored : `${day}T00:00:00.000Z`;
}

/** The listing the form describes, with what is derived from it and what the form does not hold. */
function listingOf(form: ListingForm, base: Listing | undefined, now: string): Listing {
  const [mainCode] = plsCodeTokens(form.PLSCode);
  const status = LISTING_STATUSES[form.status];
  const listing = {
    ...(base ?? newListingDefaults(form.ListingId, now)),
    ListingId: form.ListingId,
    Header: form.Header,
    PLSCode: form.PLSCode.toUpperCase(),
    listingType: mainCode ?? null,
    listingTypeDesc: (mainCode && plsCodeDescription(mainCode)) ?? null,
    region: form.region,
    area: form.area,
    areaId: form.areaId,
    basin: form.basin,
    play: form.play,
    status: form.status,
    statusId: status.statusId,
    webStatus: form.webStatus ?? status.webStatus,
    sold: form.status === "SOLD",
    location: form.location,
    locationId: form.locationId,
    coordinates:
      form.latitude === null || form.longitude === null ? null : `${form.latitude},${form.longitude}`,
    isPrivate: form.isPrivate,
    isStudy: form.isStudy,
    searchGroup: form.isStudy ? "research" : form.isPrivate ? "private" : "public",
    dateListed: dayValue(form.dateListed, base?.dateListed),
    LastUpdatedDate: dayValue(form.LastUpdatedDate, base?.LastUpdatedDate),
    updatedDate: now,
    projectedSalePrice: form.projectedSalePrice,
    CF: form.CF,
    docusignTemplateId: form.docusignTemplateId,
    comboCurveProjectId: form.comboCurveProjectId,
    agentId: form.agentId,
  } satisfies Listing;
  for (const name of [...LISTING_TEXT_FIELDS, ...LISTING_AGENT_FIELDS]) listing[name] = form[name];
  for (const name of [...LISTING_SIZE_FLAGS, ...LISTING_WEB_FLAGS, ...LISTING_DATA_ROOM_FLAGS])
    listing[name] = form[name];
  return listing;
}

function newListingDefaults(listingId: number, now: string): Listing {
  return {
    ListingId: listingId,
    Url: `/deals/${listingId}`,
    createdDate: now,
    mediaUpdatedDate: now,
    RowNumber: null,
    liked: false,
    hasDueDiligenceAccess: false,
    hasLogoImage: false,
    ImageUrl: null,
    boxLogoUrl: null,
    tombstoneUrl: null,
  } as Listing;
}

function privateExtrasOf(form: ListingForm, stored?: PrivateDealExtras): PrivateDealExtras | null {
  if (!form.isPrivate) return null;
  const extras: PrivateDealExtras = { ...EMPTY_PRIVATE_EXTRAS };
  for (const name of Object.keys(EMPTY_PRIVATE_EXTRAS) as (keyof PrivateDealExtras)[])
    (extras as unknown as Record<string, unknown>)[name] = form[name];
  for (const name of PRIVATE_DEAL_DATE_FIELDS) extras[name] = dayValue(form[name], stored?.[name]);
  return extras;
}

/**
 * Staff editing of listings (issue 14): the one schema the listing editor's form, its page action and
 * the `UpdateListing` API check a listing against, the statuses staff choose from, and the texts of
 * refusals. The schema takes both what a form posts (text, "on" for a ticked box) and what the API's
 * JSON carries (numbers, booleans), so both doors give the same answers.
 */
import { z } from "../zod.ts";
import { PLS_CODES } from "./deal-types.ts";
import { LISTING_TEXT_FIELDS, type Listing, LocationId, type PrivateDealExtras } from "./listing.ts";
import { plsCodeTokens } from "./listing-type-flags.ts";
import { LISTING_STATUS_CODES, statusCodeOf } from "./status.ts";

// Refusals (issue 14 "Bad input": each a clear message, nothing saved).
export const LISTING_CHANGED_ELSEWHERE =
  "This listing was changed by someone else since you opened it. Nothing was saved: reload the listing to see their changes, then make yours again.";
export const listingIdTaken = (listingId: number): string =>
  `Listing #${listingId} already exists. Choose another listing number.`;
export const unknownPlsCode = (token: string): string =>
  `Unknown PLS code "${token}". Use ${PLS_CODES.join(", ")}, separated by / or -.`;
export const LISTING_NOT_FOUND = "No listing has this number.";
export const LISTING_SAVED = "The listing has been saved.";
export const LISTING_CREATED = "The listing has been created.";

const TEXT_MAX = 4000;
const SHORT_MAX = 300;

/** An empty form field is "no value": null, the way the listing stores it. */
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

const text = (max = SHORT_MAX) =>
  z.preprocess(
    blankToNull,
    z.string({ error: "Must be text" }).trim().max(max, `At most ${max} characters`).nullable(),
  );

/** A ticked box posts "on"; the API sends true or false; a box left out is false. */
const flag = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** A number typed with thousands separators or a dollar sign still reads as the number. */
const number = (label: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      if (typeof blank !== "string") return blank;
      const cleaned = blank.replace(/[\s,$]/g, "");
      return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : blank;
    },
    z
      .number({ error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .nullable(),
  );

const integer = (label: string, min = 0) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === "string" && /^\d+$/.test(blank.trim()) ? Number(blank) : blank;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be ${min} or more`)
      .max(2_147_483_647, `${label} is too large`)
      .nullable(),
  );

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A day: a form's YYYY-MM-DD, or the ISO date-time the API returns (its day is kept). */
const day = (label: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === "string" && /^\d{4}-\d{2}-\d{2}T/.test(blank) ? blank.slice(0, 10) : blank;
    },
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .regex(DATE, `${label} must be a date (YYYY-MM-DD)`)
      .refine((v) => {
        const at = Date.parse(`${v}T00:00:00Z`);
        return !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
      }, `${label} must be a real date`)
      .nullable(),
  );

const coordinate = (label: string, limit: number) =>
  number(label).refine(
    (v) => v === null || Math.abs(v) <= limit,
    `${label} must be between -${limit} and ${limit}`,
  );

export const plsCodeSchema = z
  .string({ error: "PLS code is required" })
  .trim()
  .min(1, "PLS code is required")
  .max(40, "At most 40 characters")
  .superRefine((code, ctx) => {
    if (!code) return;
    const unknown = code
      .toUpperCase()
      .split(/[^A-Z]+/)
      .find((token) => token && !PLS_CODES.includes(token));
    if (unknown) ctx.addIssue({ code: "custom", message: unknownPlsCode(unknown) });
    else if (plsCodeTokens(code).size === 0)
      ctx.addIssue({ code: "custom", message: "PLS code is required" });
  });

export const LISTING_AGENT_FIELDS = [
  "agentName",
  "agentTitle",
  "agentCompanyName",
  "agentContact",
  "agentBlurb",
  "agentEmail",
  "agentPhone",
  "agentDirectPhone",
  "agentAddress",
  "agentCity",
  "agentState",
  "agentZip",
  "agentCountry2",
] as const satisfies ReadonlyArray<keyof Listing>;

/** Size and country flags (the facets' deal size and location filters). */
export const LISTING_SIZE_FLAGS = [
  "small",
  "medium",
  "large",
  "usa",
  "canada",
  "international",
] as const satisfies ReadonlyArray<keyof Listing>;

/** The flags of `UpdateListingWebSettings`: how the listing shows on the site, not what it is. */
export const LISTING_WEB_FLAGS = [
  "IsActiveDeal",
  "isPreMarketing",
  "isSalesLeadOnly",
  "isHiredNowPackaging",
  "buyNow",
  "showEmailForListingFiles",
] as const satisfies ReadonlyArray<keyof Listing>;

/** Data-room settings (issue 13's data rooms follow them). */
export const LISTING_DATA_ROOM_FLAGS = [
  "hasVDR",
  "requiresDueDiligenceAccess",
  "showListingFiles",
] as const satisfies ReadonlyArray<keyof Listing>;

export const PRIVATE_DEAL_DATE_FIELDS = [
  "openingDate",
  "deadlinePrequalification",
  "deadlineDataroom",
  "deadlineNotification",
  "deadlineDate",
  "closingDate",
] as const satisfies ReadonlyArray<keyof PrivateDealExtras>;

const textFields = Object.fromEntries(LISTING_TEXT_FIELDS.map((name) => [name, text(TEXT_MAX)])) as Record<
  (typeof LISTING_TEXT_FIELDS)[number],
  ReturnType<typeof text>
>;
const agentFields = Object.fromEntries(
  LISTING_AGENT_FIELDS.map((name) => [name, text(name === "agentBlurb" ? TEXT_MAX : SHORT_MAX)]),
) as Record<(typeof LISTING_AGENT_FIELDS)[number], ReturnType<typeof text>>;
const flags = <const T extends readonly string[]>(names: T) =>
  Object.fromEntries(names.map((name) => [name, flag])) as Record<T[number], typeof flag>;
const privateDates = Object.fromEntries(
  PRIVATE_DEAL_DATE_FIELDS.map((name) => [name, day("The date")]),
) as Record<(typeof PRIVATE_DEAL_DATE_FIELDS)[number], ReturnType<typeof day>>;

const email = z.preprocess(
  blankToNull,
  z.email({ error: "Please enter a valid email address." }).max(SHORT_MAX).nullable(),
);

export const listingFormSchema = z
  .object({
    /** The listing's updatedDate when the form was opened: a save over a newer one is refused. */
    version: z.preprocess(blankToNull, z.string().max(64).nullable()),
    ListingId: z.preprocess(
      (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
      z
        .number({ error: "Listing number is required (a whole number)" })
        .int("Listing number must be a whole number")
        .min(1, "Listing number must be 1 or more")
        .max(2_147_483_647, "Listing number is too large"),
    ),
    Header: z
      .string({ error: "Header is required" })
      .trim()
      .min(1, "Header is required")
      .max(SHORT_MAX, `At most ${SHORT_MAX} characters`),
    ...textFields,
    PLSCode: plsCodeSchema,
    region: text(),
    area: text(),
    areaId: integer("Area id"),
    basin: text(),
    play: text(),
    status: z.enum(LISTING_STATUS_CODES, { error: "Choose a status from the list" }),
    webStatus: text(),
    location: text(),
    locationId: z.preprocess(
      (value) => (typeof value === "string" && value !== "" ? Number(value) : value),
      z.union(
        Object.values(LocationId).map((id) => z.literal(id)),
        { error: "Choose USA, Canada, International or Global" },
      ),
    ),
    latitude: coordinate("Latitude", 90),
    longitude: coordinate("Longitude", 180),
    ...flags(LISTING_SIZE_FLAGS),
    isPrivate: flag,
    isStudy: flag,
    ...flags(LISTING_WEB_FLAGS),
    ...flags(LISTING_DATA_ROOM_FLAGS),
    dateListed: day("Date listed"),
    LastUpdatedDate: day("Last updated"),
    projectedSalePrice: number("Projected sale price").refine(
      (v) => v === null || v >= 0,
      "Projected sale price must be 0 or more",
    ),
    CF: number("Cash flow"),
    docusignTemplateId: text(),
    comboCurveProjectId: text(),
    agentId: integer("Agent id"),
    ...agentFields,
    agentEmail: email,
    // Private-deal extras (§3), stored only for a private listing.
    folder: text(),
    passcode: text(),
    comments: text(TEXT_MAX),
    ...privateDates,
    contactUserId: integer("Contact user id", 1),
    salutation: z.preprocess(
      (v) => blankToNull(v) ?? "Mr.",
      z.string().trim().max(20, "At most 20 characters"),
    ),
    fname: text(),
    lname: text(),
    email,
    companyId: integer("Company id", 1),
    companyName: text(),
    website: text(),
    address: text(),
    phone: text(),
    hideSimilarDeals: flag,
  })
  .superRefine((form, ctx) => {
    if ((form.latitude === null) !== (form.longitude === null)) {
      const path = form.latitude === null ? "latitude" : "longitude";
      ctx.addIssue({ code: "custom", path: [path], message: "Give both latitude and longitude, or neither" });
    }
    if (form.isPrivate && form.isStudy)
      ctx.addIssue({
        code: "custom",
        path: ["isStudy"],
        message: "A listing is either private or a research study, not both",
      });
  });

export type ListingForm = z.output<typeof listingFormSchema>;
export type ListingFormInput = z.input<typeof listingFormSchema>;

/** The listing's fields as the editor (and the API's merge) starts from them. */
export function listingFormValues(
  listing: Listing,
  extras: PrivateDealExtras | undefined,
): Record<string, string | number | boolean | null> {
  const [latitude, longitude] = splitCoordinates(listing.coordinates);
  const values: Record<string, string | number | boolean | null> = {
    version: listing.updatedDate,
    ListingId: listing.ListingId,
    Header: listing.Header,
    PLSCode: listing.PLSCode,
    region: listing.region,
    area: listing.area,
    areaId: listing.areaId,
    basin: listing.basin,
    play: listing.play,
    status: statusCodeOf(listing.status),
    webStatus: listing.webStatus,
    location: listing.location,
    locationId: listing.locationId,
    latitude,
    longitude,
    isPrivate: listing.isPrivate,
    isStudy: listing.isStudy,
    dateListed: listing.dateListed?.slice(0, 10) ?? null,
    LastUpdatedDate: listing.LastUpdatedDate?.slice(0, 10) ?? null,
    projectedSalePrice: listing.projectedSalePrice,
    CF: listing.CF,
    docusignTemplateId: listing.docusignTemplateId,
    comboCurveProjectId: listing.comboCurveProjectId,
    agentId: listing.agentId,
  };
  for (const name of [...LISTING_TEXT_FIELDS, ...LISTING_AGENT_FIELDS]) values[name] = listing[name];
  for (const name of [...LISTING_SIZE_FLAGS, ...LISTING_WEB_FLAGS, ...LISTING_DATA_ROOM_FLAGS])
    values[name] = listing[name];
  const privateExtras = extras ?? EMPTY_PRIVATE_EXTRAS;
  for (const [name, value] of Object.entries(privateExtras))
    values[name] =
      PRIVATE_DEAL_DATE_FIELDS.includes(name as never) && typeof value === "string"
        ? value.slice(0, 10)
        : value;
  return values;
}

export const EMPTY_PRIVATE_EXTRAS: PrivateDealExtras = {
  folder: null,
  passcode: null,
  comments: null,
  openingDate: null,
  closingDate: null,
  deadlineDate: null,
  deadlineDataroom: null,
  deadlineNotification: null,
  deadlinePrequalification: null,
  contactUserId: null,
  salutation: "Mr.",
  fname: null,
  lname: null,
  email: null,
  companyId: null,
  companyName: null,
  website: null,
  address: null,
  phone: null,
  hideSimilarDeals: false,
};

/**
 * What the `UpdateListing` API checks: the stored listing's values with the posted JSON over them,
 * the JSON in GetDeals' shape (`coordinates` "lat,lng", ISO dates). Derived and read-only fields in
 * the JSON (ListingId, updatedDate, image URLs, liked, sold, …) are not among the form's fields and
 * are left out; updatedDate is the version the client read.
 */
export function listingApiInput(
  current: Record<string, unknown>,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(body)) {
    if (key === "coordinates") {
      const [latitude, longitude] =
        value === null || value === "" ? [null, null] : splitCoordinates(String(value), true);
      merged.latitude = latitude;
      merged.longitude = longitude;
    } else if (key === "updatedDate") merged.version = value;
    else if (key === "status") merged.status = statusCodeOf(typeof value === "string" ? value : "");
    else if (key in current && key !== "ListingId" && key !== "version") merged[key] = value;
  }
  return merged;
}

/** "lat,lng" as two numbers; text that is not two numbers stays as it is, for the schema to refuse. */
function splitCoordinates(
  coordinates: string | null,
  keepInvalid = false,
): [number | string | null, number | string | null] {
  if (!coordinates) return [null, null];
  const parts = coordinates.split(",").map((part) => part.trim());
  const [lat, lng] = parts.map(Number);
  if (parts.length === 2 && Number.isFinite(lat) && Number.isFinite(lng)) return [lat, lng];
  return keepInvalid ? [coordinates, coordinates] : [null, null];
}

// ── Web settings (PUT /api/Admin/UpdateListingWebSettings) ─────────────────────

export const listingWebSettingsSchema = z
  .object({
    listingId: z
      .number({ error: "listingId is required (a whole number)" })
      .int("listingId must be a whole number")
      .min(1, "listingId must be 1 or more"),
    /** The listing's updatedDate as the client read it; when given, a newer listing is not overwritten. */
    updatedDate: z.string().max(64).nullable().optional(),
    webStatus: z.string().trim().max(SHORT_MAX).nullable().optional(),
    ...Object.fromEntries(
      [...LISTING_WEB_FLAGS, ...LISTING_DATA_ROOM_FLAGS].map((name) => [name, z.boolean().optional()]),
    ),
  })
  .strict();

export type ListingWebSettings = Partial<
  Record<(typeof LISTING_WEB_FLAGS)[number] | (typeof LISTING_DATA_ROOM_FLAGS)[number], boolean>
> & { listingId: number; updatedDate?: string | null; webStatus?: string | null };

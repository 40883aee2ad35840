import { describe, expect, it } from "vitest";
import { makeListing } from "./listing.fixture.ts";
import {
  LISTING_CHANGED_ELSEWHERE,
  listingApiInput,
  listingFormSchema,
  listingFormValues,
  listingIdTaken,
  listingWebSettingsSchema,
  unknownPlsCode,
} from "./listing-editing.ts";

/** What the editor's form posts for a small new listing: text, "on" for ticked boxes. */
const posted = (over: Record<string, string> = {}) => ({
  ListingId: "90001",
  Header: "Operated Permian Package",
  PLSCode: "PP/DV",
  status: "ACTIVE",
  locationId: "1",
  latitude: "31.9",
  longitude: "-102.1",
  usa: "on",
  projectedSalePrice: "$1,250,000",
  dateListed: "2030-01-05",
  ...over,
});

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const result = listingFormSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return errors;
}

describe("listingFormSchema", () => {
  it("reads a posted form: numbers, ticked boxes, blanks as null, a price with separators", () => {
    const form = listingFormSchema.parse(posted({ whr: "  ", agentEmail: "" }));
    expect(form).toMatchObject({
      ListingId: 90001,
      PLSCode: "PP/DV",
      latitude: 31.9,
      longitude: -102.1,
      usa: true,
      canada: false,
      projectedSalePrice: 1_250_000,
      whr: null,
      agentEmail: null,
      salutation: "Mr.",
      version: null,
    });
  });

  it("refuses an unknown PLS code and names it", () => {
    expect(errorsOf(posted({ PLSCode: "PP/XX" })).PLSCode).toEqual([unknownPlsCode("XX")]);
    expect(unknownPlsCode("XX")).toBe(
      'Unknown PLS code "XX". Use PP, L, DV, M, RR, DS, W, SWD, STUDY, FO, separated by / or -.',
    );
    expect(errorsOf(posted({ PLSCode: "" })).PLSCode).toEqual(["PLS code is required"]);
    expect(errorsOf(posted({ PLSCode: "swd-fo" }))).toEqual({});
  });

  it("refuses coordinates out of range, and one without the other", () => {
    expect(errorsOf(posted({ latitude: "91" })).latitude).toEqual(["Latitude must be between -90 and 90"]);
    expect(errorsOf(posted({ longitude: "-181" })).longitude).toEqual([
      "Longitude must be between -180 and 180",
    ]);
    expect(errorsOf(posted({ longitude: "" })).longitude).toEqual([
      "Give both latitude and longitude, or neither",
    ]);
  });

  it("refuses a price that is not a number, and a negative one", () => {
    expect(errorsOf(posted({ projectedSalePrice: "a lot" })).projectedSalePrice).toEqual([
      "Projected sale price must be a number",
    ]);
    expect(errorsOf(posted({ projectedSalePrice: "-5" })).projectedSalePrice).toEqual([
      "Projected sale price must be 0 or more",
    ]);
  });

  it("refuses a missing header, a bad listing number, status, date and email", () => {
    const errors = errorsOf(
      posted({ Header: " ", ListingId: "x", status: "GONE", dateListed: "2030-02-30", agentEmail: "nope" }),
    );
    expect(Object.keys(errors).sort()).toEqual(["Header", "ListingId", "agentEmail", "dateListed", "status"]);
  });

  it("refuses a listing that is both private and a research study", () => {
    expect(errorsOf(posted({ isPrivate: "on", isStudy: "on" })).isStudy).toHaveLength(1);
  });
});

describe("the API's merge (listingApiInput)", () => {
  const listing = makeListing({
    ListingId: 7,
    Header: "Old",
    status: "ACTIVE",
    PLSCode: "PP",
    coordinates: "32.1,-101.5",
    updatedDate: "2030-01-01T00:00:00.000Z",
  });
  const current = listingFormValues(listing, undefined);

  it("takes a listing as GetDeals returns it back unchanged, with its version", () => {
    const form = listingFormSchema.parse(listingApiInput(current, { ...listing }));
    expect(form).toMatchObject({
      ListingId: 7,
      latitude: 32.1,
      longitude: -101.5,
      version: listing.updatedDate,
    });
  });

  it("changes only the fields sent; read-only and derived ones are ignored", () => {
    const form = listingFormSchema.parse(
      listingApiInput(current, {
        Header: "Renamed",
        ListingId: 99,
        liked: true,
        sold: true,
        ImageUrl: "/x.jpg",
      }),
    );
    expect(form.Header).toBe("Renamed");
    expect(form.ListingId).toBe(7);
    expect(form).not.toHaveProperty("ImageUrl");
  });

  it("refuses coordinates that are not two numbers", () => {
    const result = listingFormSchema.safeParse(listingApiInput(current, { coordinates: "north" }));
    expect(result.success).toBe(false);
  });
});

describe("web settings", () => {
  it("takes flags and webStatus, and refuses fields it does not know", () => {
    expect(listingWebSettingsSchema.parse({ listingId: 3, isPreMarketing: true, webStatus: "Live" })).toEqual(
      {
        listingId: 3,
        isPreMarketing: true,
        webStatus: "Live",
      },
    );
    expect(listingWebSettingsSchema.safeParse({ listingId: 3, Header: "x" }).success).toBe(false);
    expect(listingWebSettingsSchema.safeParse({ listingId: 3, hasVDR: "yes" }).success).toBe(false);
  });
});

describe("texts", () => {
  it("says what went wrong in the issue's words", () => {
    expect(LISTING_CHANGED_ELSEWHERE).toMatch(/^This listing was changed by someone else/);
    expect(listingIdTaken(12)).toBe("Listing #12 already exists. Choose another listing number.");
  });
});

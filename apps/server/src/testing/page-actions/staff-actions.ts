import { insertTestStaff } from "@aea/core/testing";
import { isOnPublicMarket, isSold, listingFormSchema, listingFormValues } from "@aea/domain";
import type { MatrixFixtures } from "../matrix-fixtures.ts";
import type { Expectation, PageActionCase } from "../page-action-matrix.ts";
import { ROLE_PASSWORD } from "../role-sessions.ts";
import { profileForm } from "./account-actions.ts";

/** A listing the matrix creates and edits, so no demo listing changes. */
const MATRIX_LISTING_ID = 99_600;

const dataRoomDealId = async (f: MatrixFixtures) => {
  const deal = (await f.core.listings.publicListings()).find((d) => d.hasVDR && !isSold(d));
  if (!deal) throw new Error("the demo data has no public deal with a data room");
  return deal.ListingId;
};

/** What staff do on pages (data rooms, deals, content, users, listings), and signing a data room's agreement. */
export const staffActions: PageActionCase[] = [
  {
    route: "/deals/:listingId/data-room/access",
    name: "let a buyer into a data room",
    admitted: 200,
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/access`,
      { intent: "grant-data-room", email: f.victim.email },
    ],
  },
  {
    route: "/deals/:listingId/data-room/access",
    name: "change the access code",
    admitted: 200,
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/access`,
      { intent: "change-code", accessCode: `Matrix-${f.unique("code")}` },
    ],
  },
  {
    route: "/deals/:listingId/data-room/access",
    name: "draw a new random access code",
    admitted: 200,
    form: async (f) => [`/deals/${await dataRoomDealId(f)}/data-room/access`, { intent: "new-random-code" }],
  },
  {
    // Only a buyer with a data-room grant and no signature may sign (agreement-and-activity.pages.test.ts):
    // none of the six roles is one, so each gets the 404 of a missing deal and nothing is signed.
    route: "/deals/:listingId/data-room/agreement",
    admitted: 404,
    form: async (f) => {
      const withDataRoom = (await f.core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
      return [
        `/deals/${withDataRoom?.ListingId}/data-room/agreement`,
        { fullName: "Role Tester", company: "Matrix Oil LLC", consent: "on" },
      ];
    },
  },
  {
    // Staff set a room's question limits; buyers outside the room (every role's buyer) get its 404.
    route: "/deals/:listingId/data-room/questions",
    name: "set a data room's question limits",
    admitted: 200,
    perRole: { buyer: 404, privateBuyer: 404, claim: 404 },
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/questions`,
      { intent: "limits", maxPerBuyer: "400" },
    ],
  },
  {
    // Staff decide a room's bid round; there is none open here, which staff reach and are told.
    route: "/deals/:listingId/data-room/bids",
    name: "ask for best and final where no round is open",
    admitted: 409,
    perRole: { buyer: 404, privateBuyer: 404, claim: 404 },
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/bids`,
      { intent: "best-and-final", deadline: "2099-12-31T17:00" },
    ],
  },
  {
    route: "/deals/:listingId/data-room/bids",
    name: "change a round's dates where no round is open",
    admitted: 409,
    perRole: { buyer: 404, privateBuyer: 404, claim: 404 },
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/bids`,
      { intent: "change-round", opensAt: "2030-01-01T08:00", deadline: "2099-12-31T17:00" },
    ],
  },
  {
    route: "/deals/:listingId/data-room/activity",
    name: "set the hot-lead threshold",
    admitted: 200,
    form: async (f) => [
      `/deals/${await dataRoomDealId(f)}/data-room/activity`,
      { intent: "threshold", threshold: "65" },
    ],
  },
  {
    route: "/deals/:listingId/data-room/activity",
    name: "recount a listing's engagement scores",
    admitted: 200,
    form: async (f) => [`/deals/${await dataRoomDealId(f)}/data-room/activity`, { intent: "recount" }],
  },
  {
    route: "/admin/dashboard",
    name: "edit deal statistics",
    admitted: "/admin/dashboard?saved=__LISTING__#statistics-title",
    form: async (f) => {
      const [deal] = await f.core.listings.publicListings();
      return [
        "/admin/dashboard",
        { listingId: String(deal?.ListingId), hotLeadOverride: "3", loadCode: "M-1" },
      ];
    },
  },
  {
    route: "/admin/notifications",
    admitted: 200,
    form: (f) => ["/admin/notifications", { listingId: String(f.announceableDealId) }],
  },
  {
    route: "/admin/similar-deals",
    name: "pin a similar deal",
    admitted: 200,
    form: async (f) => {
      const [deal, similar] = await f.core.listings.publicListings();
      return [
        "/admin/similar-deals",
        { listingId: String(deal.ListingId), similarListingId: String(similar.ListingId), choice: "pinned" },
      ];
    },
  },
  {
    route: "/admin/reorder-deals",
    name: "move a deal up",
    admitted: 200,
    form: async (f) => {
      const { listings, version } = await f.core.dealOrder.featured();
      return [
        "/admin/reorder-deals",
        { intent: "move", listingId: String(listings[1].ListingId), direction: "up", version },
      ];
    },
  },
  {
    route: "/admin/content/:collection",
    admitted: 200,
    form: async (f) => {
      const [service] = await f.core.contentEditing.items("service");
      return ["/admin/content/service", { intent: "status", id: String(service.id), status: "published" }];
    },
  },
  {
    route: "/admin/content/:collection/:id",
    admitted: "/admin/content/hero_slider/1?saved=1",
    form: async (f) => {
      const slide = (await f.core.contentEditing.item("hero_slider", 1))?.data ?? {};
      return [
        "/admin/content/hero_slider/1",
        {
          status: "published",
          title: `Forty Years of Divestitures ${f.unique("t")}`,
          click_url: String(slide.click_url),
          link_button_color: "#f59e0b",
          image: String(slide.image),
          banner: String(slide.banner),
        },
      ];
    },
  },
  ...userPageCases(),
  {
    // A query that finds no buyer: the send is made and audited, and reaches nobody.
    route: "/participant",
    name: "send a listing to the buyers a query found",
    admitted: "/participant?f=company%3AMatrixNobody&sent=0",
    form: async (f) => {
      const listing = (await f.core.listings.publicListings()).find((l) => isOnPublicMarket(l));
      return ["/participant", { query: "f=company:MatrixNobody", listingId: String(listing?.ListingId) }];
    },
  },
  {
    route: "/admin/listings/:listingId",
    name: "save a listing of the matrix's own",
    admitted: `/admin/listings/${MATRIX_LISTING_ID}?saved=1`,
    form: async (f) => {
      const listing =
        (await f.core.listings.findById(MATRIX_LISTING_ID)) ??
        (await f.core.listingEditing.create(
          await insertTestStaff(f.core),
          listingFormSchema.parse({
            ListingId: String(MATRIX_LISTING_ID),
            Header: "Matrix listing",
            PLSCode: "PP",
            status: "ACTIVE",
            locationId: "1",
          }),
          null,
        ));
      const fields: Record<string, string> = {};
      for (const [name, value] of Object.entries(listingFormValues(listing, undefined))) {
        if (value === true) fields[name] = "on";
        else if (value !== false && value !== null) fields[name] = String(value);
      }
      return [`/admin/listings/${MATRIX_LISTING_ID}`, { ...fields, wi: f.unique("WI") }];
    },
  },
  {
    route: "/admin/content/files",
    admitted: 200,
    form: async (f) => {
      const slide = (await f.core.contentEditing.item("hero_slider", 1))?.data ?? {};
      return ["/admin/content/files", { intent: "focal", id: String(slide.image), x: "50", y: "10" }];
    },
  },
];

/** Every staff action of a user's page (/admin/users/:userId), each on an account of its own. */
function userPageCases(): PageActionCase[] {
  const staffAction = (
    name: string,
    fields: Record<string, string>,
    admitted: Expectation = 200,
  ): PageActionCase => ({
    route: "/admin/users/:userId",
    name,
    admitted,
    form: async (f) => [`/admin/users/${(await f.newAccount(name !== "mark verified")).id}`, fields],
  });
  return [
    staffAction("edit the profile", { intent: "profile", ...profileForm, email: "ignored@example.test" }),
    staffAction("mark verified", { intent: "mark-verified" }),
    staffAction("send a reset link", { intent: "send-reset-link" }),
    staffAction("require a new password", { intent: "require-password-reset", required: "true" }),
    staffAction("change the email", {
      intent: "change-email",
      newEmail: "moved@example.test",
      currentPassword: ROLE_PASSWORD,
    }),
    staffAction("disable", { intent: "disable" }),
    staffAction("end all sessions", { intent: "end-sessions" }),
    staffAction("grant the claim role", { intent: "set-role", role: "hasClaimAD", granted: "true" }),
    staffAction("view as", { intent: "impersonate" }, "/home"),
  ];
}

import { BID_TEXTS, HOT_LEAD_THRESHOLD_SAVED, type OpenBidRoundInput } from "@aea/domain";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { adminStorageState } from "../mailbox";
import { newBuyer } from "../new-accounts";
import { logInBuyerInRoom, openRoomListingId } from "../room-buyers";
import {
  button,
  chosen,
  type FormCase,
  labelled,
  signInAsAdmin,
  textbox,
  typed,
  type Visit,
} from "./form-table";

/**
 * The data-room sale's forms (issue 23): a buyer's bid, staff opening and changing a bid round, and the
 * hot-lead threshold, as rows of the table of forms typed into before hydration.
 */

/** Public rooms no other spec file uses (data-room specs take 0 and 5 to 12), one a form. */
const OPENING_ROOM = 13;
const CHANGING_ROOM = 14;
const BIDDING_ROOM = 15;

const bidsPage = (listingId: number) => `/deals/${listingId}/data-room/bids`;
const roundSummary = (page: Page) => page.getByRole("region", { name: "Bid round" });

/** The page's notice after a save, announced politely (role status). */
const expectNotice = (page: Page, text: string) =>
  expect(page.getByRole("status").filter({ hasText: text })).toHaveText(text);

/** A round's terms as the form and the API take them: wall-clock times in the round's zone. */
const ROUND_IN_2031 = {
  kind: "indication",
  timeZone: "UTC",
  opensAt: "2031-06-12T16:00",
  deadline: "2031-06-20T17:00",
} as const;

/** Staff opened a round in the room before the visitor arrives (through the API, as staff). */
async function roundOpenedBy(visit: Visit, listingId: number, round: OpenBidRoundInput): Promise<void> {
  const staff = await visit.browser.newContext({
    baseURL: visit.base,
    storageState: await adminStorageState(visit.browser, visit.base),
  });
  const opened = await staff.request.post("/api/data-room-bids/OpenRound", {
    headers: { origin: new URL(visit.base).origin },
    data: { listingId, ...round },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  await staff.close();
}

/** A minute ago in UTC, to the minute: a round that opens then is open now (the server's clock only runs ahead). */
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString().slice(0, 16);

const bidder = newBuyer("early.bidder");

export const SALE_FORMS: FormCase[] = [
  {
    name: "a buyer's bid in an open round (/deals/{id}/data-room/bids)",
    arrive: async (visit) => {
      const listingId = openRoomListingId(BIDDING_ROOM);
      await roundOpenedBy(visit, listingId, { ...ROUND_IN_2031, opensAt: aMinuteAgo() });
      await logInBuyerInRoom(visit.browser, visit.context, visit.base, bidder, listingId);
      return bidsPage(listingId);
    },
    entries: [
      typed(labelled("Effective date"), "2031-07-01"),
      typed(textbox("Conditions"), "Subject to a title review of the Reeves County leases"),
    ],
    mistake: {
      find: textbox("Amount (USD)"),
      typed: "0",
      message: "The amount must be more than $0.",
      fixed: "4,250,000",
    },
    submit: button(BID_TEXTS.submitButton),
    expectDone: async ({ page }) => {
      await expectNotice(page, BID_TEXTS.submitted);
      const revisions = page.getByRole("list", { name: BID_TEXTS.revisionsTitle });
      await expect(revisions.getByText("Revision 1: $4,250,000.00", { exact: true })).toBeVisible();
      await expect(
        revisions.getByText("Subject to a title review of the Reeves County leases", { exact: true }),
      ).toBeVisible();
      await expect(revisions.getByText(/^Effective 2031-07-01 · received /)).toBeVisible();
    },
  },
  {
    name: "staff open a bid round (/deals/{id}/data-room/bids)",
    arrive: async (visit) => {
      await signInAsAdmin(visit);
      return bidsPage(openRoomListingId(OPENING_ROOM));
    },
    entries: [
      chosen(labelled("Kind"), "indication"),
      chosen(labelled("The listing's time zone"), "UTC"),
      typed(labelled("Opens"), ROUND_IN_2031.opensAt),
      typed(labelled("Deadline"), ROUND_IN_2031.deadline),
      typed(textbox("Documents to include (optional)"), "A signed purchase-and-sale term sheet"),
    ],
    mistake: {
      find: textbox("Minimum (USD, optional)"),
      typed: "one million",
      message: "The minimum must be an amount in US dollars.",
      fixed: "1,000,000",
    },
    submit: button(BID_TEXTS.openButton),
    expectDone: async ({ page }) => {
      await expectNotice(page, BID_TEXTS.opened);
      const round = roundSummary(page);
      for (const shown of [
        "Indication of interest",
        "2031-06-12 16:00 UTC",
        "2031-06-20 17:00 UTC",
        "$1,000,000.00",
        `${BID_TEXTS.requiredDocuments}: A signed purchase-and-sale term sheet`,
      ])
        await expect(round.getByText(shown, { exact: true })).toBeVisible();
    },
  },
  {
    name: "staff change a running round (/deals/{id}/data-room/bids)",
    arrive: async (visit) => {
      const listingId = openRoomListingId(CHANGING_ROOM);
      await roundOpenedBy(visit, listingId, ROUND_IN_2031);
      await signInAsAdmin(visit);
      return bidsPage(listingId);
    },
    entries: [typed(labelled("Deadline"), "2031-06-27T17:00")],
    mistake: {
      find: textbox("Minimum (USD, optional)"),
      typed: "0",
      message: "The minimum must be more than $0.",
      fixed: "2,000,000",
    },
    submit: button(BID_TEXTS.changeButton),
    expectDone: async ({ page }) => {
      await expectNotice(page, BID_TEXTS.changed);
      const round = roundSummary(page);
      await expect(round.getByText("2031-06-27 17:00 UTC", { exact: true })).toBeVisible();
      await expect(round.getByText("$2,000,000.00", { exact: true })).toBeVisible();
      // The form starts again from the round as saved.
      await expect(labelled("Deadline")(page)).toHaveValue("2031-06-27T17:00");
    },
  },
  {
    name: "the hot-lead threshold (/deals/{id}/data-room/activity)",
    arrive: async (visit) => {
      await signInAsAdmin(visit);
      return `/deals/${openRoomListingId(OPENING_ROOM)}/data-room/activity`;
    },
    entries: [],
    mistake: {
      find: textbox("Score of a hot lead"),
      typed: "0",
      message: "The threshold must be at least 1",
      fixed: "45",
    },
    submit: button("Save threshold"),
    expectDone: async ({ page }) => {
      await expectNotice(page, HOT_LEAD_THRESHOLD_SAVED);
      // What the server renders afresh is what it stored.
      await page.reload({ waitUntil: "domcontentloaded" });
      await expect(textbox("Score of a hot lead")(page)).toHaveValue("45");
    },
  },
];

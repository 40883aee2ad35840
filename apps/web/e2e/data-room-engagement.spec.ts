import { ENGAGEMENT_RECOUNTED, HOT_LEAD_THRESHOLD_SAVED, PAGES_VIEWED_PATH } from "@aea/domain";
import { expect, test, visit, waitForHydration } from "./fixtures";
import { ADMIN, logInByApi } from "./mailbox";
import { newBuyer } from "./new-accounts";
import { expectPdfOpened } from "./pdf-preview";
import { buyerInRoom, openRoomListingId } from "./room-buyers";

/**
 * Issue 23 item 4: a buyer reads a PDF in the preview (its pages are reported when the preview
 * closes); staff set the hot-lead threshold, recount the listing, and read the buyer on the
 * leaderboard with every part of the score, and the share of buyers who opened each folder. On a
 * phone the leaderboard is a card a buyer rather than a table.
 */

/** A public room no other spec uses (the seventh open one; the thirteenth for the phone). */
const engagementRoom = (phone: boolean) => openRoomListingId(phone ? 12 : 6);

test("staff read the engagement leaderboard with each score part and the folder heat map, and set the threshold", {
  tag: "@phone",
}, async ({ browser, page, baseURL, isMobile }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? "";
  const listingId = engagementRoom(isMobile);
  const buyer = {
    ...newBuyer(isMobile ? "engaged-phone" : "engaged"),
    firstName: "Enid",
    lastName: "Engaged",
  };
  const context = await buyerInRoom(browser, base, buyer, listingId);

  // The buyer opens the Reserves folder and reads a PDF in the preview.
  const reader = await context.newPage();
  await visit(reader, `/deals/${listingId}/data-room`);
  await reader
    .getByRole("navigation", { name: "Folders" })
    .getByRole("link", { name: /4\s+Reserves/ })
    .click();
  await waitForHydration(reader);
  await reader.getByRole("button", { name: "Preview Reserve Report Summary.pdf" }).click();
  await expectPdfOpened(reader, 12);
  await expect(reader.getByRole("img", { name: /page 1 of 12/ })).toHaveAttribute("data-drawn", "true");
  const reported = reader.waitForResponse((r) => r.url().endsWith(PAGES_VIEWED_PATH));
  await reader.keyboard.press("Escape");
  expect((await reported).status()).toBe(200);
  await context.close();

  // Staff set the threshold (typed at once, before the page is interactive) and recount the listing.
  await logInByApi(page.context(), base, ADMIN);
  await visit(page, `/deals/${listingId}/data-room/activity`);
  const threshold = page.getByRole("textbox", { name: "Score of a hot lead" });
  await threshold.fill("3");
  await page.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByText(HOT_LEAD_THRESHOLD_SAVED)).toBeVisible();
  await expect(threshold).toHaveValue("3");
  await expect(page.getByText(/Set by .+ on /)).toBeVisible();
  await page.getByRole("button", { name: "Recount now" }).click();
  await expect(page.getByText(ENGAGEMENT_RECOUNTED)).toBeVisible();

  // The buyer on the leaderboard: a hot lead, each part with its count, weight and points (a table
  // row, or on a phone the buyer's card).
  const board = page.getByRole("region", { name: "Buyers by engagement score" });
  const row = board.getByRole(isMobile ? "listitem" : "row").filter({ hasText: buyer.email });
  await expect(row).toContainText("Hot lead");
  // The buyer and the score are in view together, not behind a sideways scroll.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole("link", { name: buyer.email })).toBeInViewport({ ratio: 1 });
  await expect(row.getByText("Hot lead")).toBeInViewport({ ratio: 1 });
  const parts = row.getByTestId("score-parts");
  await expect(parts).toContainText("Documents opened1 × 3 = 3");
  await expect(parts).toContainText(/Pages viewed in the preview[1-9]\d* × 0\.2 = /);
  for (const part of [
    "Minutes in the room",
    "Downloads0 × 4 = 0",
    "Questions asked0 × 5 = 0",
    "Bids and revisions submitted0 × 8 = 0",
    "Return visits",
  ])
    await expect(parts).toContainText(part);

  // The heat map: the Reserves folder's share of buyers is written out, the buyer among its openers.
  const heat = page.getByRole("region", { name: "Folders by the share of buyers who opened them" });
  const reserves = heat
    .getByRole("row")
    .filter({ hasText: /Reserves/ })
    .first();
  await expect(reserves.getByTestId("folder-share")).toHaveText(/^\d{1,3}% \([1-9]\d* of [1-9]\d*\)$/);
  // Written out in full beside the folder, within the page's width (no sideways scroll to reach it).
  const share = await reserves.getByTestId("folder-share").boundingBox();
  expect((share?.x ?? 0) + (share?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

import { readFileSync } from "node:fs";
import { BID_TEXTS } from "@aea/domain";
import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";
import { ADMIN, logInByApi, newAgreedContext, readMail } from "./mailbox";
import { newBuyer } from "./new-accounts";
import { buyerInRoom, openRoomListingId } from "./room-buyers";
import { advanceServerClock, serverNow } from "./server-clock";

/**
 * Issue 23's bids: staff open a sealed round and move its deadline; two buyers bid and one revises (each gets a receipt with
 * the SHA-256 of their bid, on the page and by mail); staff see only how many have bid, and the export
 * is refused, until the deadline passes; then a late revision is refused, and staff compare the bids
 * side by side, export them and mark the winner.
 *
 * The round closes two minutes ahead of the server's time (in UTC, to the second); the test then moves
 * the e2e server's clock three minutes forward (decision 044) instead of waiting for the deadline.
 */

/** A public room no other spec uses (the eighth open one), so its round is this test's alone. */
const bidsRoom = () => openRoomListingId(7);

/** A wall-clock time in UTC as the form takes it: "2031-06-20T17:00:05". */
const utcLocal = (at: number) => new Date(at).toISOString().slice(0, 19);

async function bid(page: Page, amount: string, conditions: string) {
  // Typed at once, before the page is interactive.
  await page.getByRole("textbox", { name: "Amount (USD)" }).fill(amount);
  await page.getByLabel("Effective date").fill("2031-07-01");
  await page.getByRole("textbox", { name: "Conditions" }).fill(conditions);
  await page.getByRole("button", { name: /^Submit (revised )?bid$/ }).click();
  await expect(page.getByText(BID_TEXTS.submitted)).toBeVisible();
}

test("staff open a sealed round, two buyers bid and one revises, and after the deadline staff compare and export", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const listingId = bidsRoom();
  const path = `/deals/${listingId}/data-room/bids`;
  const alpha = { ...newBuyer("alpha"), firstName: "Ada", lastName: "Alpha" };
  const bravo = { ...newBuyer("bravo"), firstName: "Bo", lastName: "Bravo" };
  const alphaContext = await buyerInRoom(browser, base, alpha, listingId);
  const bravoContext = await buyerInRoom(browser, base, bravo, listingId);
  const staffContext = await newAgreedContext(browser, base);
  await logInByApi(staffContext, base, ADMIN);

  // Staff open a sealed round that closes two minutes from now, from the data room's link.
  const staff = await staffContext.newPage();
  await visit(staff, `/deals/${listingId}/data-room`);
  await staff.getByRole("link", { name: BID_TEXTS.title, exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`${path}$`));
  const now = await serverNow(staffContext.request, base);
  const firstDeadline = Math.ceil((now + 2 * 60_000) / 1000) * 1000;
  await staff.getByLabel("Kind").selectOption("sealed");
  await staff.getByLabel("The listing's time zone").selectOption("UTC");
  await staff.getByLabel("Opens").fill(utcLocal(now - 60_000).slice(0, 16));
  await staff.getByLabel("Deadline", { exact: true }).fill(utcLocal(firstDeadline));
  await staff.getByRole("textbox", { name: "Minimum (USD, optional)" }).fill("1,000,000");
  await staff.getByRole("button", { name: BID_TEXTS.openButton }).click();
  await expect(staff.getByText(BID_TEXTS.opened)).toBeVisible();

  // Ada bids, then revises: both revisions are kept, the receipt shows the latest one's SHA-256.
  const alphaPage = await alphaContext.newPage();
  await visit(alphaPage, path);
  await bid(alphaPage, "12,000,000", "Subject to title review");
  await bid(alphaPage, "12,500,000", "No financing condition");
  const revisions = alphaPage.getByRole("list", { name: BID_TEXTS.revisionsTitle });
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await expect(revisions.getByRole("listitem").first()).toContainText("Revision 2: $12,500,000.00");
  const sha256 = (await alphaPage.getByTestId("bid-sha256").textContent()) ?? "";
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);

  // While the round runs, staff move its deadline a minute on; Ada, who has bid, is mailed.
  const deadline = firstDeadline + 60_000;
  await visit(staff, path);
  await staff.getByLabel("Deadline", { exact: true }).fill(utcLocal(deadline));
  await staff.getByRole("button", { name: BID_TEXTS.changeButton }).click();
  await expect(staff.getByText(BID_TEXTS.changed)).toBeVisible();
  // The field holds the new deadline (to the minute: a whole minute is written without its seconds).
  await expect(staff.getByLabel("Deadline", { exact: true })).toHaveValue(
    new RegExp(`^${utcLocal(deadline).slice(0, 16)}`),
  );

  const bravoPage = await bravoContext.newPage();
  await visit(bravoPage, path);
  await bid(bravoPage, "11,000,000", "");
  await expect(bravoPage.locator("body")).not.toContainText("12,500,000");

  // Sealed: staff see how many have bid, never how much; the export is refused by the server.
  await visit(staff, path);
  await expect(staff.getByText("2 buyers have bid in this round.")).toBeVisible();
  await expect(staff.locator("main")).not.toContainText("12,500,000");
  const early = await staffContext.request.get(`${base}${path}/export?format=csv`);
  expect(early.status()).toBe(403);

  // The receipt came by mail too, with the same SHA-256.
  const receipt = await readMail(browser, base, alpha.email, /^Receipt for your bid on /);
  expect(receipt.text).toContain(`SHA-256 of your bid: ${sha256}`);

  const moved = await readMail(browser, base, alpha.email, /^The bid deadline on .* moved/);
  expect(moved.text).toContain(
    BID_TEXTS.deadlineMoved(
      `${utcLocal(firstDeadline).replace("T", " ").slice(0, 16)} UTC`,
      `${utcLocal(deadline).replace("T", " ").slice(0, 16)} UTC`,
    ),
  );

  // The deadline passes (the server's clock moves past it): a late revision is refused, and the bids
  // are staff's to read.
  expect(await advanceServerClock(staffContext.request, base, 4 * 60_000)).toBeGreaterThan(deadline);
  await visit(bravoPage, path);
  await expect(bravoPage.getByText(/^The bid deadline passed on /)).toBeVisible();
  await expect(bravoPage.getByRole("button", { name: BID_TEXTS.reviseButton })).toHaveCount(0);

  await visit(staff, path);
  const table = staff.getByRole("region", { name: BID_TEXTS.compareTitle });
  const rows = table.getByRole("row");
  await expect(rows.nth(1)).toContainText("Ada Alpha");
  await expect(rows.nth(1)).toContainText("$12,500,000.00");
  await expect(rows.nth(2)).toContainText("Bo Bravo");
  await expect(rows.nth(2)).toContainText("$11,000,000.00");

  const download = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain("Amount (USD),$/acre,$/flowing BOE per day,% of PV10");
  expect(csv).toContain("Ada Alpha");
  expect(csv).toContain("Bo Bravo");

  await rows
    .nth(1)
    .getByRole("button", { name: /^Mark as winner/ })
    .click();
  await expect(staff.getByText(BID_TEXTS.winnerMarked)).toBeVisible();
  await expect(rows.nth(1)).toContainText(BID_TEXTS.winnerBadge);

  await alphaContext.close();
  await bravoContext.close();
  await staffContext.close();
});

test("a buyer bids and reads the receipt: beside the form on a laptop, below it on a phone", {
  tag: "@phone",
}, async ({ browser, baseURL, isMobile }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  // A room of its own per project, each with a round open for a week.
  const listingId = openRoomListingId(isMobile ? 9 : 8);
  const path = `/deals/${listingId}/data-room/bids`;
  const buyer = { ...newBuyer(isMobile ? "phone-bidder" : "bidder"), firstName: "Pia", lastName: "Phone" };
  const buyerContext = await buyerInRoom(browser, base, buyer, listingId);
  const staffContext = await newAgreedContext(browser, base);
  await logInByApi(staffContext, base, ADMIN);
  const opened = await staffContext.request.post(`${base}/api/data-room-bids/OpenRound`, {
    headers: { origin: new URL(base).origin },
    data: {
      listingId,
      kind: "indication",
      opensAt: utcLocal(Date.now() - 60_000).slice(0, 16),
      deadline: utcLocal(Date.now() + 7 * 86_400_000).slice(0, 16),
      timeZone: "UTC",
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  const page = await buyerContext.newPage();
  await visit(page, path);
  await expect(page.getByText("Indication of interest")).toBeVisible();
  await bid(page, "4,250,000", "Subject to a title review of the Reeves County leases");
  const form = await page.getByRole("region", { name: BID_TEXTS.bidTitle }).boundingBox();
  const receipt = await page.getByRole("region", { name: BID_TEXTS.receiptTitle }).boundingBox();
  expect(receipt?.width).toBeGreaterThan(0);
  if (isMobile) expect(receipt?.y ?? 0).toBeGreaterThan((form?.y ?? 0) + (form?.height ?? 0));
  else expect(receipt?.x ?? 0).toBeGreaterThan((form?.x ?? 0) + (form?.width ?? 0));
  await expect(page.getByTestId("bid-sha256")).toHaveText(/^[0-9a-f]{64}$/);
  // Coming back, revising starts from the standing bid.
  await visit(page, path);
  await expect(page.getByRole("textbox", { name: "Amount (USD)" })).toHaveValue("4,250,000.00");
  await expect(page.getByRole("button", { name: BID_TEXTS.reviseButton })).toBeVisible();

  await buyerContext.close();
  await staffContext.close();
});

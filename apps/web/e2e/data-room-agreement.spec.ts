import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PAGE_MISSING } from "@aea/domain";
import type { Download } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations, test, visit } from "./fixtures";
import { BUYER, logInByApi, newAgreedContext } from "./mailbox";

const PRIVATE_BUYER = { email: "private.buyer@anticline.test", password: "Buyer123!" } as const;
const MANAGER = { email: "mgmt1@anticline.test", password: "Mgmt123!" } as const;

const pdfText = async (download: Download) =>
  execFileSync("pdftotext", [(await download.path()) ?? "", "-"])
    .toString("utf8")
    .replace(/\s+/g, " ");

/**
 * The demo's signed agreement from both sides: management find the listing's data room on the Mgmt Dash,
 * read and filter its activity, export the CSV and download the buyer's signed copy; the private buyer
 * sees and downloads their own signed copy; the plain buyer gets the 404 of a deal they cannot see.
 * (Signing itself is the buyer journey of data-room-journey.spec.ts.)
 */
test("staff read a data room's activity and the private buyer downloads their signed agreement", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three sessions, each through the rate-limited login door.
  test.setTimeout(90_000);
  const origin = baseURL ?? "";
  // Management (admins on MANAGEMENT_EMAILS) see the Mgmt Dash; as admins they read the activity too.
  await logInByApi(page.context(), origin, MANAGER);
  // The private buyer's signed listing: the one private deal whose data room they were let into.
  const buyerContext = await newAgreedContext(browser, origin);
  const buyerPage = await buyerContext.newPage();
  await logInByApi(buyerContext, origin, PRIVATE_BUYER);
  const privateDeals = (await (
    await buyerContext.request.get("/api/Advisors/GetDeals?isConfidential=true")
  ).json()) as Array<{ ListingId: number; hasDueDiligenceAccess: boolean }>;
  const signedIds = privateDeals.filter((d) => d.hasDueDiligenceAccess).map((d) => d.ListingId);
  expect(signedIds).toHaveLength(1);

  // The Mgmt Dash: the one data room with a signed CA leads to its activity.
  await visit(page, "/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Data rooms" })).toBeVisible();
  const signedRoom = page
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`Listing #${signedIds[0]}(?!\\d)`) });
  await expect(signedRoom).toHaveCount(1);
  await expect(signedRoom).toContainText(/Signed CAs\s*1(?!\d)/);
  await expect(signedRoom.getByRole("img", { name: /events in the 12 weeks/ })).toBeVisible();
  await signedRoom.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/deals\/\d+\/data-room\/activity$/);
  const listingId = Number(/\/deals\/(\d+)\//.exec(page.url())?.[1]);

  // The activity page: the buyer's summary and the trail, filtered by event without a script.
  await expect(page.getByRole("heading", { level: 1, name: "Data-room activity" })).toBeVisible();
  const buyers = page.getByRole("region", { name: "Buyers' activity" });
  await expect(buyers.getByRole("row", { name: /Priya Castellanos/ })).toContainText(PRIVATE_BUYER.email);
  await page.getByLabel("Event", { exact: true }).selectOption("file-downloaded");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/event=file-downloaded/);
  const events = page.getByRole("region", { name: "Data-room events" });
  await expect(events.getByRole("row").nth(1)).toContainText("File downloaded");
  await expect(events.getByRole("row").filter({ hasText: "File previewed" })).toHaveCount(0);

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`listing-${listingId}-data-room-activity.csv`);
  const lines = readFileSync((await csv.path()) ?? "", "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("Time (UTC),Email,Name,Event,File or folder,IP address,Details");
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(",File downloaded,");

  const [staffCopy] = await Promise.all([
    page.waitForEvent("download"),
    buyers.getByRole("link", { name: `download the agreement ${PRIVATE_BUYER.email} signed` }).click(),
  ]);
  expect(await pdfText(staffCopy)).toContain("Signature certificate");

  // The private buyer sees their signed copy, downloads it, and can go on to the data room.
  await visit(buyerPage, `/deals/${listingId}/data-room/agreement`);
  await expect(buyerPage.getByRole("heading", { name: "You signed this agreement" })).toBeVisible();
  await expect(buyerPage.getByText("Caprock Minerals LLC")).toBeVisible();
  await expect(buyerPage.getByRole("link", { name: "Continue to the data room" })).toHaveAttribute(
    "href",
    `/deals/${listingId}/data-room`,
  );
  const [ownCopy] = await Promise.all([
    buyerPage.waitForEvent("download"),
    buyerPage.getByRole("link", { name: "Download your signed copy (PDF)" }).click(),
  ]);
  const text = await pdfText(ownCopy);
  for (const value of [
    "Confidentiality Agreement",
    "Priya Castellanos",
    PRIVATE_BUYER.email,
    "Agreement SHA-256",
  ])
    expect(text).toContain(value);
  await buyerContext.close();

  // The buyer without grants: the listing does not exist for them, nor does its activity.
  const plainContext = await newAgreedContext(browser, origin);
  const plainPage = await plainContext.newPage();
  await logInByApi(plainContext, origin, BUYER);
  for (const path of [`/deals/${listingId}/data-room/agreement`, `/deals/${listingId}/data-room/activity`]) {
    const response = await plainPage.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(plainPage.getByRole("heading", { name: PAGE_MISSING })).toBeVisible();
    await expectNoSeriousAxeViolations(plainPage);
  }
  await plainContext.close();
});

import { DOCUMENT_SEARCH_TEXTS } from "@aea/domain";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { expect, test, visit } from "./fixtures";
import { ADMIN, logInByApi, newAgreedContext } from "./mailbox";
import { newBuyer } from "./new-accounts";
import { logInBuyerInRoom, openRoomListingId } from "./room-buyers";

/**
 * Issue 23's search inside the data room: staff upload a PDF whose page 7 holds a phrase; a buyer in
 * the room searches the phrase from the room's search box and lands on page 7 of the preview. Bad
 * queries (10,000 characters, nothing but search syntax) get their message on the page.
 */

/** Public rooms no other spec uses (one per project), so what is found in them is this test's. */
const searchRoom = (phone = false) => openRoomListingId(phone ? 9 : 8);

const PHRASE = "Wolfcamp saltwater disposal agreement";

/** A 9-page report; only page 7 holds the phrase. */
async function reportPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 9; n++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Midstream contracts, page ${n}`, { x: 56, y: 720, size: 14, font });
    if (n === 7) page.drawText(`Schedule 3: the ${PHRASE} of 2029.`, { x: 56, y: 680, size: 11, font });
  }
  return Buffer.from(await pdf.save());
}

// On a phone the search button shows its icon only and the preview fills the screen.
test("a buyer searches a phrase from the data room and lands on its page of the PDF", {
  tag: "@phone",
}, async ({ browser, page, baseURL, isMobile }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "";
  const listingId = searchRoom(isMobile);
  const room = `/deals/${listingId}/data-room`;
  const fileName = `Midstream contracts ${Date.now().toString(36)}.pdf`;

  // Staff upload the report.
  const staffContext = await newAgreedContext(browser, base);
  await logInByApi(staffContext, base, ADMIN);
  const staff = await staffContext.newPage();
  await visit(staff, room);
  await staff.getByRole("button", { name: "Upload", exact: true }).click();
  await staff
    .getByLabel("Files to upload")
    .setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: await reportPdf() });
  await expect(staff.getByTestId("upload-row").filter({ hasText: fileName })).toHaveAttribute(
    "data-state",
    "done",
  );
  await staffContext.close();

  // A buyer in the room searches from the room's box, typing before the page is interactive.
  const buyer = newBuyer("searcher");
  await logInBuyerInRoom(browser, page.context(), base, buyer, listingId);
  await page.goto(room);
  await page.getByRole("searchbox", { name: DOCUMENT_SEARCH_TEXTS.label }).fill(PHRASE);
  await page.getByRole("button", { name: DOCUMENT_SEARCH_TEXTS.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/data-room\/search\?q=Wolfcamp/);
  await expect(page.getByRole("searchbox", { name: DOCUMENT_SEARCH_TEXTS.label })).toHaveValue(PHRASE);

  // The text is read by a background job within seconds of the upload.
  const hit = page.getByRole("listitem").filter({ hasText: fileName });
  await expect(async () => {
    await page.reload();
    await expect(hit).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await visit(page, `${room}/search?q=${encodeURIComponent(PHRASE)}`);
  await expect(page.getByRole("heading", { name: DOCUMENT_SEARCH_TEXTS.hits(1) })).toBeVisible();
  await expect(hit.locator("mark").first()).toHaveText(/Wolfcamp/i);
  await expect(hit).toContainText(DOCUMENT_SEARCH_TEXTS.page(7));

  await hit.getByRole("link", { name: `${fileName}, ${DOCUMENT_SEARCH_TEXTS.page(7)}` }).click();
  const preview = page.getByRole("dialog", { name: fileName });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("img", { name: `${fileName}, page 7 of 9` })).toBeInViewport();
  await expect(preview.getByRole("img", { name: `${fileName}, page 1 of 9` })).not.toBeInViewport();
});

test("a query too long or made only of search syntax is answered with a message on the page", async ({
  browser,
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const listingId = searchRoom();
  const buyer = newBuyer("badquery");
  await logInBuyerInRoom(browser, page.context(), base, buyer, listingId);

  const long = await page.goto(`/deals/${listingId}/data-room/search?q=${"a".repeat(10_000)}`);
  expect(long?.status()).toBe(200);
  await expect(page.getByRole("alert")).toHaveText(DOCUMENT_SEARCH_TEXTS.tooLong);

  await visit(page, `/deals/${listingId}/data-room/search?q=${encodeURIComponent('"*" ()')}`);
  await expect(page.getByRole("alert")).toHaveText(DOCUMENT_SEARCH_TEXTS.noWords);

  // Search syntax among words is read as words: NEAR is a word these documents lack.
  await visit(page, `/deals/${listingId}/data-room/search?q=${encodeURIComponent("lease NEAR(schedule) *")}`);
  await expect(page.getByText(DOCUMENT_SEARCH_TEXTS.noHits("lease NEAR(schedule) *"))).toBeVisible();
});

import { ACCESS_CODE_REQUIRED, EXCLUSIVE_DEAL, INCORRECT_CODE, REQUEST_ACCESS } from "@aea/domain";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";
import { adminStorageState, BUYER, logInByApi, readMail, spend } from "./mailbox";

/**
 * The way into a deal's data room by access code (issue 13 item 2), at desktop: an anonymous visitor
 * logs in from the deal page and comes back to the code dialog, a wrong then a right code, the
 * exclusive-deal contact, and a request for a code that staff approve on the listing's access page.
 */
test.describe.configure({ mode: "serial" });
test.skip(({ isMobile }) => isMobile, "desktop journey");

interface Deal {
  ListingId: number;
  hasVDR: boolean;
  status: string | null;
  sold?: boolean;
}

/** Public deals with a data room that still take buyers, in the site's order. */
async function dataRoomDeals(request: APIRequestContext): Promise<number[]> {
  const deals = (await (await request.get("/api/Advisors/GetDeals")).json()) as Deal[];
  return deals.filter((d) => d.hasVDR && !d.sold && d.status !== "SOLD").map((d) => d.ListingId);
}

const codeDialog = (page: Page) => page.getByRole("dialog", { name: "Enter Access Code" });

test("an anonymous visitor logs in from the deal page, gets the code wrong, then right, and lands in the data room", async ({
  page,
  baseURL,
}) => {
  const [listingId] = await dataRoomDeals(page.request);
  await visit(page, `/deals/${listingId}`);
  const box = page.getByRole("region", { name: "Data room" });
  await box.getByRole("link", { name: "Log in to enter" }).click();

  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByRole("textbox", { name: "Email" }).fill(BUYER.email);
  await login.getByLabel("Password", { exact: true }).fill(BUYER.password);
  await spend(baseURL ?? "", "login");
  await login.getByRole("button", { name: "Log in", exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/deals/${listingId}\\?dataRoom=access-code$`));
  const dialog = codeDialog(page);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByText(ACCESS_CODE_REQUIRED)).toBeVisible();
  const code = dialog.getByRole("textbox", { name: "Access Code" });
  await code.fill(`DD-${listingId}9`);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(INCORRECT_CODE);

  await code.fill(`DD-${listingId}`);
  await dialog.getByRole("button", { name: "Submit" }).click();
  // In: the room asks for the confidentiality agreement first (SHOW_DOCUSIGN_CA, on by default).
  await expect(page).toHaveURL(new RegExp(`/deals/${listingId}/data-room/agreement$`));
});

test("an exclusive deal names its contact with two phones and an email", async ({ page }) => {
  let exclusive: number | undefined;
  for (const listingId of await dataRoomDeals(page.request)) {
    const html = await (await page.request.get(`/deals/${listingId}`)).text();
    if (html.includes("Exclusive deal contact")) {
      exclusive = listingId;
      break;
    }
  }
  expect(exclusive, "a demo deal with an exclusive-deal contact").toBeDefined();
  await visit(page, `/deals/${exclusive}`);
  await page.getByRole("button", { name: "Exclusive deal contact" }).click();
  const dialog = page.getByRole("dialog", { name: EXCLUSIVE_DEAL });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: /^\+?[\d(][\d\s().-]+$/ }).first()).toBeVisible();
  await expect(dialog.getByRole("link", { name: /@/ })).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
});

test("a buyer requests access, staff approve it on the access page, and the buyer is mailed the code", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const listingId = (await dataRoomDeals(page.request))[1];
  // Signed in before the page loads (the login modal's way back is the first test's).
  await logInByApi(page.context(), base, BUYER);
  await visit(page, `/deals/${listingId}`);

  await page.getByRole("button", { name: REQUEST_ACCESS }).click();
  const request = page.getByRole("dialog", { name: REQUEST_ACCESS });
  await request.getByRole("textbox", { name: "Message (optional)" }).fill("We operate the offset leases.");
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(request).toBeHidden();
  await expect(page.getByRole("region", { name: "Data room" })).toContainText(
    "Your request for access is with our team",
  );

  const staff = await browser.newContext({
    baseURL: base,
    storageState: await adminStorageState(browser, base),
  });
  try {
    const admin = await staff.newPage();
    await visit(admin, `/deals/${listingId}/data-room/access`);
    const requests = admin.getByRole("region", { name: "Access requests" });
    await expect(requests).toContainText("We operate the offset leases.");
    await requests.getByRole("button", { name: `Approve ${BUYER.email}` }).click();
    await expect(requests.getByRole("status")).toContainText("Approved");
    await expect(admin.getByRole("region", { name: "Data-room access" })).toContainText(BUYER.email);
  } finally {
    await staff.close();
  }

  const mail = await readMail(browser, base, BUYER.email, new RegExp(`access code for deal #${listingId}`));
  expect(mail.text).toContain(`DD-${listingId}`);
});

test("staff see that a demo code is predictable and draw a random one that buyers can type in any case", async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const staff = await browser.newContext({
    baseURL: base,
    storageState: await adminStorageState(browser, base),
  });
  try {
    const admin = await staff.newPage();
    // The last room: this test replaces its code, and the journey specs type DD-{id} in the first few.
    const listingId = (await dataRoomDeals(admin.request)).at(-1);
    if (listingId === undefined) throw new Error("the demo book has no data room");
    await visit(admin, `/deals/${listingId}/data-room/access`);
    const section = admin.getByRole("region", { name: "Access code" });
    await expect(section.getByRole("alert")).toContainText(`predictable code, DD-${listingId}`);
    await section.getByRole("button", { name: "Draw a new random code" }).click();
    await expect(section.getByRole("status")).toContainText("A new random access code was drawn");
    await expect(section.getByRole("alert")).toHaveCount(0);
    const code = (await section.locator("code").textContent()) ?? "";
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{10}$/);

    const buyer = await browser.newContext({ baseURL: base });
    try {
      await logInByApi(buyer, base, BUYER);
      const answer = await buyer.request.post("/api/Advisors/GrantDueDiligenceAccess", {
        data: { code: `DD-${listingId}`, listingId },
        headers: { origin: base },
      });
      expect(answer.status()).toBe(400);
      const granted = await buyer.request.post("/api/Advisors/GrantDueDiligenceAccess", {
        data: { code: `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`, listingId },
        headers: { origin: base },
      });
      expect(granted.status()).toBe(200);
    } finally {
      await buyer.close();
    }
  } finally {
    await staff.close();
  }
});

import { ACCOUNT_LOCKED, INCORRECT_PASSWORD, LOGIN_FAILED_TITLE, MAILED_LINK_TEXTS } from "@aea/domain";
import {
  dismissProfileInvite,
  headerLogin,
  leaveMandatoryLoginByMistake,
  loginDialog,
  openLoginModal,
  snackbar,
  submitLogin,
} from "./account-pages";
import { expect, test, visit } from "./fixtures";
import { adminStorageState, BUYER, logInByApi, readMail, spend } from "./mailbox";
import { newBuyer, signUp, signUpVerified } from "./new-accounts";

/**
 * Issue 26 items 1, 6 and 7, at desktop: the login modal's options where the site uses them (a deal's
 * data-room box, a verified address), 'Reset Password' for an account staff marked, and an ended
 * session logging out and going home (spec §2, §4, §8).
 */
test.describe.configure({ timeout: 150_000 });
test.skip(
  ({ isMobile }) => isMobile,
  "desktop: the phone's modal is the same but narrower (login-modal.spec.ts)",
);

/** A public deal with a data room that still takes buyers, and its header. */
async function dataRoomDeal(page: import("@playwright/test").Page) {
  const deals = (await (await page.request.get("/api/Advisors/GetDeals")).json()) as {
    ListingId: number;
    Header: string;
    hasVDR: boolean;
    status: string | null;
  }[];
  const deal = deals.find((d) => d.hasVDR && d.status !== "SOLD");
  if (!deal) throw new Error("a demo deal with a data room");
  return deal;
}

test("the data-room box asks an anonymous visitor to log in naming the deal; by a data-room link the modal stands like /login", async ({
  page,
}) => {
  const deal = await dataRoomDeal(page);
  await visit(page, `/deals/${deal.ListingId}`);
  await page
    .getByRole("region", { name: "Data room" })
    .getByRole("link", { name: "Log in to enter" })
    .click();
  let dialog = loginDialog(page);
  await expect(dialog.getByRole("status")).toHaveText(
    `Please login to enter the data room of ${deal.Header}.`,
  );
  await expect(dialog.getByRole("link", { name: "Here By Mistake" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The link staff mail (and where /login sends back) opens the modal by itself: no Close, Escape keeps it.
  await visit(page, `/deals/${deal.ListingId}?dataRoom=access-code`);
  dialog = loginDialog(page);
  await expect(dialog.getByRole("status")).toHaveText(
    `Please login to enter the data room of ${deal.Header}.`,
  );
  await leaveMandatoryLoginByMistake(page);
});

test("without JavaScript the data-room box's link leads to /login naming the deal; a deal that does not exist names nothing", async ({
  browser,
  baseURL,
  page,
}) => {
  const deal = await dataRoomDeal(page);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto(`/deals/${deal.ListingId}`);
  await noScript
    .getByRole("region", { name: "Data room" })
    .getByRole("link", { name: "Log in to enter" })
    .click();
  await expect(noScript).toHaveURL(/\/login\?redirectTo=/);
  const panel = noScript.getByRole("dialog", { name: "Log in" });
  await expect(panel.getByRole("status")).toHaveText(
    `Please login to enter the data room of ${deal.Header}.`,
  );

  // The name comes from the listing, not from the address: a deal that does not exist names nothing.
  await noScript.goto(`/login?redirectTo=${encodeURIComponent("/deals/999999/data-room")}`);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("status")).toHaveCount(0);
  await context.close();
});

test("after 'Verify my email' the login has the verified address filled in", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const buyer = newBuyer("verified-login");
  await signUp(page.request, base, buyer);
  const mail = await readMail(browser, base, buyer.email, /^Verify your email/);
  const link = mail.links.find((href) => href.startsWith("/verify-user?token=")) ?? "";
  await visit(page, link);
  await page.getByRole("button", { name: MAILED_LINK_TEXTS.verifyButton }).click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await page.getByRole("link", { name: "Log in" }).last().click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole("textbox", { name: "Email" })).toHaveValue(buyer.email);
  await dialog.getByLabel("Password", { exact: true }).fill(buyer.password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(/\/deals\/public$/);
  // A new buyer has no interests yet, so the site invites them to complete the profile.
  await dismissProfileInvite(page);
});

test("staff require a new password on the user's page; at login the buyer is told 'Reset Password, You have to reset your password' and sets one", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const buyer = newBuyer("reset-required");
  await signUpVerified(browser, page.request, base, buyer);

  const staff = await browser.newContext({
    baseURL: base,
    storageState: await adminStorageState(browser, base),
  });
  const admin = await staff.newPage();
  await visit(admin, `/admin/users?search=${encodeURIComponent(buyer.email)}`);
  await admin.getByRole("link", { name: `${buyer.firstName} ${buyer.lastName}` }).click();
  await admin.getByRole("button", { name: "Require a new password" }).click();
  await expect(admin.getByText("The password is marked for reset", { exact: false })).toBeVisible();
  await expect(admin.getByText(/^Password reset required since/)).toBeVisible();
  await expect(admin.getByRole("button", { name: "Withdraw the reset requirement" })).toBeVisible();
  await staff.close();

  await visit(page, "/home");
  await openLoginModal(page);
  await submitLogin(page, base, buyer);
  const told = page.getByRole("dialog", { name: "Reset Password" });
  await expect(told).toContainText("You have to reset your password");
  await told.getByRole("button", { name: "Choose a new password" }).click();
  const change = page.getByRole("dialog", { name: "Update Password" });
  await change.getByLabel("New password", { exact: true }).fill("Renewed2031");
  await change.getByLabel("Confirm new password", { exact: true }).fill("Renewed2031");
  await change.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("dialog", { name: "Password Updated" })).toBeVisible();
  await page.getByRole("dialog", { name: "Password Updated" }).getByRole("button", { name: "Ok" }).click();

  // The mark is gone: the next page does not ask again.
  await visit(page, "/deals/public");
  await expect(page.getByRole("dialog", { name: "Reset Password" })).toHaveCount(0);
});

test("a page opened with an ended session logs out and goes home, saying why", async ({ page, baseURL }) => {
  const base = baseURL ?? "";
  await logInByApi(page.context(), base, BUYER);
  const session = (await page.context().cookies()).find((c) => c.name === "aea_session");
  if (!session) throw new Error("logged in by the API, the context holds a session cookie");
  // The session ends elsewhere (here: a logout by the API); the browser still holds the old cookie.
  await page.context().request.post("/api/Auth/Logout", { headers: { origin: new URL(base).origin } });
  await page.context().addCookies([{ ...session, expires: -1 }]);

  // The server sends the visitor home with the reason; once hydrated, the page shows it and drops it
  // from the address (which may happen before a check of the address could see it).
  const response = await page.goto("/deals/public");
  expect(response?.url()).toMatch(/\/home\?notice=session-ended$/);
  await expect(snackbar(page, "Your session has ended. Please log in again.")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(headerLogin(page)).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "aea_session" && c.value)).toBeUndefined();
});

test("a locked account is told in the 'Login Failed' dialog, in the modal and on /login; a wrong password stays under the form", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const buyer = newBuyer("locked-login");
  await signUpVerified(browser, page.request, base, buyer);

  // A wrong password in the modal: told under the form, no dialog.
  await visit(page, "/home");
  let dialog = await openLoginModal(page);
  await submitLogin(page, base, { email: buyer.email, password: "NotThePassword1" });
  await expect(dialog.getByRole("alert")).toHaveText(INCORRECT_PASSWORD);
  await expect(page.getByRole("dialog", { name: LOGIN_FAILED_TITLE })).toHaveCount(0);

  // Nine more wrong passwords lock the account (10 failures); the lock answers 429.
  for (let failures = 1; failures < 10; failures++) {
    const response = await page.request.post("/api/Auth/Login", {
      data: { email: buyer.email, password: "NotThePassword1", rememberMe: false, applicationName: "AEA" },
    });
    expect(response.status()).toBe(failures < 9 ? 401 : 429);
  }

  // The right password now: the lock is told in the 'Login Failed' dialog with the server's words.
  await dialog.getByLabel("Password", { exact: true }).fill(buyer.password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  let failed = page.getByRole("dialog", { name: LOGIN_FAILED_TITLE });
  await expect(failed).toContainText(ACCOUNT_LOCKED);
  await failed.getByRole("button", { name: "Ok" }).click();
  await expect(failed).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // The /login page says the same, once it has hydrated.
  await visit(page, "/login");
  dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByRole("textbox", { name: "Email" }).fill(buyer.email);
  await dialog.getByLabel("Password", { exact: true }).fill(buyer.password);
  await spend(base, "login");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  failed = page.getByRole("dialog", { name: LOGIN_FAILED_TITLE });
  await expect(failed).toContainText(ACCOUNT_LOCKED);
  await failed.getByRole("button", { name: "Ok" }).click();
  await expect(failed).toBeHidden();
  await expect(page).toHaveURL(/\/login/);
});

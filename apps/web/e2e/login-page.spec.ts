import {
  dismissProfileInvite,
  headerLogin,
  leaveMandatoryLoginByMistake,
  loginDialog,
  sessionCookie,
  submitLogin,
  userButton,
} from "./account-pages";
import { ADMIN_LOGIN_MESSAGE } from "./account-texts";
import { expect, isPhone, test, visit, waitForHydration } from "./fixtures";
import { ADMIN, adminStorageState, BUYER, rememberAdminSession } from "./mailbox";

/**
 * The /login page and its redirectTo (spec §2, §6), and on a phone the side menu's Log in and Log out.
 *
 * Logins and the account pages' form posts are rate-limited per IP (10 a minute), and every test of both
 * projects shares one server: each such request books its place with `spend` first (see mailbox.ts),
 * which is why the tests that log in get a generous timeout.
 */

test.describe.configure({ timeout: 150_000 });

test.describe("/login page", () => {
  test("opens the modal without a Close button; Escape keeps it; Here By Mistake goes home", async ({
    page,
  }) => {
    await visit(page, "/login");
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await leaveMandatoryLoginByMistake(page);
  });

  test("an anonymous visit to /admin/users asks to log in with 'Please login to administer users and passwords.' and returns there after login", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto("/admin/users");
    expect(response?.ok()).toBe(true);
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Fusers");
    await waitForHydration(page);
    const dialog = loginDialog(page);
    await expect(dialog.getByRole("status")).toHaveText(ADMIN_LOGIN_MESSAGE);
    await expect(dialog.getByRole("link", { name: "Here By Mistake" })).toBeVisible();

    await submitLogin(page, baseURL ?? "", ADMIN);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(dialog).toBeHidden();
    // Admins skip the interests check (spec §4).
    await expect(page.getByRole("dialog", { name: "Complete your profile" })).toHaveCount(0);
    await expect(userButton(page, "Avery Administrator")).toBeVisible();
    rememberAdminSession(await page.context().storageState());
  });

  test("without 'admin/user' in redirectTo there is no message; a signed-in visitor goes straight to redirectTo", async ({
    page,
    browser,
    baseURL,
    context,
  }) => {
    await visit(page, "/login?redirectTo=%2Fdeals%2Fresearch");
    await expect(loginDialog(page)).toBeVisible();
    await expect(loginDialog(page).getByText(ADMIN_LOGIN_MESSAGE)).toHaveCount(0);

    await context.addCookies((await adminStorageState(browser, baseURL ?? "")).cookies);
    await page.goto("/login?redirectTo=%2Fdeals%2Fresearch");
    await expect(page).toHaveURL(/\/deals\/research$/);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$|\/home$/);
    await waitForHydration(page);
  });
});

test(
  "phone: the side menu's Log in opens the login page's 320 px modal, and Log out ends the session",
  { tag: "@phone" },
  async ({ page, baseURL, context }, testInfo) => {
    test.skip(!isPhone(testInfo.project.name), "the side menu is the phone's (below 1186 px)");
    await visit(page, "/home");
    await page.getByRole("button", { name: "Open menu" }).click();
    let menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Log in" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/login?redirectTo=%2Fhome");
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(320);
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Here By Mistake" })).toBeVisible();

    await submitLogin(page, baseURL ?? "", BUYER);
    await expect(page).toHaveURL(/\/home$/);
    await dismissProfileInvite(page);
    await expect(userButton(page, BUYER.name)).toBeVisible();

    await page.getByRole("button", { name: "Open menu" }).click();
    menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toContainText(`Signed in as ${BUYER.name}`);
    await menu.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(headerLogin(page)).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  },
);

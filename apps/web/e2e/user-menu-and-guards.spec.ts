import {
  chooseFromUserMenu,
  dismissProfileInvite,
  headerLogin,
  menuItems,
  openLoginModal,
  sessionCookie,
  snackbar,
  submitLogin,
} from "./account-pages";
import { LOGIN_TO_ACCESS, NOT_AUTHORIZED } from "./account-texts";
import { expect, test, visit, waitForHydration } from "./fixtures";
import { adminStorageState, BUYER, logInByApi, MANAGER } from "./mailbox";

/** An admin's user menu (spec §4), in its order. */
const ADMIN_MENU = [
  "Users",
  "Reorder Deals",
  "Download Deals",
  "Similar Deals",
  "Private VDR",
  "Analysis",
  "Buyer Profile",
  "Update Password",
  "Logout",
];

/**
 * Guarded pages and the header's user menu (spec §2, §6) for anonymous visitors, buyers, admins and management.
 *
 * Logins and the account pages' form posts are rate-limited per IP (10 a minute), and every test of both
 * projects shares one server: each such request books its place with `spend` first (see mailbox.ts),
 * which is why the tests that log in get a generous timeout.
 */

test.describe.configure({ timeout: 150_000 });

test.describe("guards and the user menu", () => {
  test("anonymous visitors: /buyer/profile and /deals/private say 'Login to access this page' on /home", async ({
    page,
  }) => {
    for (const path of ["/buyer/profile", "/deals/private"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await waitForHydration(page);
      await expect(snackbar(page, LOGIN_TO_ACCESS)).toBeVisible();
    }
  });

  test("a buyer without an official company name: Buyer Profile and Logout only, guarded pages refuse with the spec's messages", async ({
    page,
    baseURL,
  }) => {
    await visit(page, "/home");
    await openLoginModal(page);
    await submitLogin(page, baseURL ?? "", BUYER);
    await dismissProfileInvite(page);
    await expect(headerLogin(page)).toHaveCount(0);
    expect(await menuItems(page, BUYER.name)).toEqual(["Buyer Profile", "Logout"]);

    await page.goto("/deals/private");
    await expect(page).toHaveURL(/\/home$/);
    await waitForHydration(page);
    await expect(snackbar(page, NOT_AUTHORIZED)).toBeVisible();

    // Admin-only pages send other users home.
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/home$/);
    // Anonymous-only pages send a signed-in user on.
    for (const path of ["/buyer/signup", "/forgot-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/buyer\/profile$/);
    }
    await page.goto("/login?redirectTo=%2Fbuyer%2Fprofile");
    await expect(page).toHaveURL(/\/buyer\/profile$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Buyer Profile" })).toBeVisible();
  });

  test("Logout in the user menu goes home, shows Login again and clears the session cookie", async ({
    page,
    baseURL,
    context,
  }) => {
    await logInByApi(context, baseURL ?? "", BUYER);
    await visit(page, "/buyer/profile");
    await chooseFromUserMenu(page, BUYER.name, "Logout");
    await expect(page).toHaveURL(/\/home$/);
    await expect(headerLogin(page)).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    expect((await page.request.get("/api/Auth/CurrentUser")).status()).toBe(401);
  });

  test("an admin's menu lists the spec's admin tools in order, then Buyer Profile, Update Password, Logout", async ({
    page,
    browser,
    baseURL,
    context,
  }) => {
    await context.addCookies((await adminStorageState(browser, baseURL ?? "")).cookies);
    await visit(page, "/home");
    expect(await menuItems(page, "Avery Administrator")).toEqual(ADMIN_MENU);
    await chooseFromUserMenu(page, "Avery Administrator", "Users");
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test("management adds Mgmt Dash first", async ({ page, baseURL, context }) => {
    await logInByApi(context, baseURL ?? "", MANAGER);
    await visit(page, "/home");
    expect(await menuItems(page, MANAGER.name)).toEqual(["Mgmt Dash", ...ADMIN_MENU]);
  });
});

import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, visit } from "./fixtures";
import { spend } from "./mailbox";

/** The parts of the account pages a visitor uses: the login modal, the header's user menu, the snackbars. */

/** The httpOnly cookie that carries the session (the app's name for it). */
const SESSION_COOKIE = "aea_session";

export const loginDialog = (page: Page) => page.getByRole("dialog", { name: "Log in" });
export const headerLogin = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: "Login", exact: true });
export const userButton = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("button", { name, exact: true });
/** The snackbars' region (spec §9: they close after 3000 ms). */
export const notifications = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
export const snackbar = (page: Page, text: string) => notifications(page).getByText(text, { exact: true });

export async function openLoginModal(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Spec §5: where a page needs a login, the modal cannot be closed (no Close button, Escape keeps it);
 * its one way out is "Here By Mistake", to the home page.
 */
export async function leaveMandatoryLoginByMistake(page: Page): Promise<void> {
  const dialog = loginDialog(page);
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Here By Mistake" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(dialog).toBeHidden();
}

/** Fills the open login modal and submits it (one request through the rate-limited login door). */
export async function submitLogin(
  page: Page,
  baseURL: string,
  account: { email: string; password: string },
  { rememberMe = false } = {},
): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByRole("textbox", { name: "Email" }).fill(account.email);
  await dialog.getByLabel("Password", { exact: true }).fill(account.password);
  if (rememberMe) await dialog.getByRole("checkbox", { name: "Remember me" }).check();
  await spend(baseURL, "login");
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Spec §4: after a non-admin logs in with incomplete interests, the site invites them to complete them. */
export async function dismissProfileInvite(page: Page): Promise<void> {
  const invite = page.getByRole("dialog", { name: "Complete your profile" });
  await invite.getByRole("button", { name: "Not now" }).click();
  await expect(invite).toBeHidden();
}

export async function menuItems(page: Page, name: string): Promise<string[]> {
  await userButton(page, name).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const items = (await menu.getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  return items;
}

export async function chooseFromUserMenu(page: Page, name: string, item: string): Promise<void> {
  await userButton(page, name).click();
  await page.getByRole("menu").getByRole("menuitem", { name: item, exact: true }).click();
}

/**
 * Logout from the header user menu (spec §2, §4): home, Login again, the session cookie gone. When the
 * session survives the click (an app bug at the time of writing, see the report), the failure is recorded
 * and the session is ended through the API instead, so that a longer journey can go on.
 */
export async function logOutFromUserMenu(page: Page, name: string, baseURL: string): Promise<void> {
  await chooseFromUserMenu(page, name, "Logout");
  await expect.soft(page, "the user menu's Logout goes home").toHaveURL(/\/home$/);
  await expect.soft(headerLogin(page), "the header shows Login again").toBeVisible();
  const left = await sessionCookie(page.context());
  expect.soft(left, "the user menu's Logout clears the session cookie").toBeUndefined();
  if (left) {
    await page.request.post("/api/Auth/Logout", { headers: { origin: new URL(baseURL).origin } });
    await visit(page, "/home");
    await expect(headerLogin(page)).toBeVisible();
  }
}

export async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE && c.value !== "");
}

export const days = (expires: number) => (expires - Date.now() / 1000) / 86_400;

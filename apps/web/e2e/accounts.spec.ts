import { MAILED_LINK_TEXTS } from "@aea/domain";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test, visit, waitForHydration } from "./fixtures";
import {
  ADMIN,
  adminStorageState,
  BUYER,
  countMail,
  logInByApi,
  newAgreedContext,
  readMail,
  rememberAdminSession,
  spend,
} from "./mailbox";

/**
 * Accounts, walked as visitors do (issue 4, spec §2 login page and modal, forgot-password panel, header
 * user menu; §4 Auth; §5; §6; §8). Expected texts are the spec's, written out here.
 *
 * Logins and the account pages' form posts are rate-limited per IP (10 a minute), and every test of both
 * projects shares one server: each such request books its place with `spend` first (see mailbox.ts),
 * which is why the tests that log in get a generous timeout. Most flows run on the desktop project; the
 * phone project runs the tests tagged @phone: the sign-up journey, the modal's width and the side menu.
 */

test.describe.configure({ timeout: 150_000 });

const FIRM_SHORT_NAME = "AEA";
/** The httpOnly cookie that carries the session (the app's name for it). */
const SESSION_COOKIE = "aea_session";
const PRIVATE_BUYER = {
  email: "private.buyer@anticline.test",
  password: "Buyer123!",
  name: "Priya Castellanos",
} as const;
const PENDING = { email: "pending@anticline.test", password: "Buyer123!" } as const;
const MANAGER = { email: "mgmt1@anticline.test", password: "Mgmt123!", name: "Morgan Manager" } as const;

// §5 and §8 texts.
const EMAIL_REQUIRED = "Email is Required";
const PASSWORD_REQUIRED = "Password is Required";
const INCORRECT_PASSWORD = "Incorrect password.";
const EMAIL_NOT_ASSOCIATED = `Email is not associated with ${FIRM_SHORT_NAME}`;
const SERVER_ERROR = "There was a server error";
const PASSWORD_RULE = "Your password must contain at least 6 characters with no less than one number.";
const PASSWORDS_DIFFERENT = "The confirmed password is different than the original password.";
const LOGIN_TO_ACCESS = "Login to access this page";
const NOT_AUTHORIZED = "You are not authorized to access this page";
const ADMIN_LOGIN_MESSAGE = "Please login to administer users and passwords.";
const REAUTHENTICATE = "Please enter your current password to make this change.";

const isPhone = (project: string) => project === "phone";

// --- Page helpers -----------------------------------------------------------------------------------------

const loginDialog = (page: Page) => page.getByRole("dialog", { name: "Log in" });
const headerLogin = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: "Login", exact: true });
const userButton = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("button", { name, exact: true });
/** The snackbars' region (spec §9: they close after 3000 ms). */
const notifications = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const snackbar = (page: Page, text: string) => notifications(page).getByText(text, { exact: true });

async function openLoginModal(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills the open login modal and submits it (one request through the rate-limited login door). */
async function submitLogin(
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
async function dismissProfileInvite(page: Page): Promise<void> {
  const invite = page.getByRole("dialog", { name: "Complete your profile" });
  await invite.getByRole("button", { name: "Not now" }).click();
  await expect(invite).toBeHidden();
}

async function menuItems(page: Page, name: string): Promise<string[]> {
  await userButton(page, name).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const items = (await menu.getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  return items;
}

async function chooseFromUserMenu(page: Page, name: string, item: string): Promise<void> {
  await userButton(page, name).click();
  await page.getByRole("menu").getByRole("menuitem", { name: item, exact: true }).click();
}

/**
 * Logout from the header user menu (spec §2, §4): home, Login again, the session cookie gone. When the
 * session survives the click (an app bug at the time of writing, see the report), the failure is recorded
 * and the session is ended through the API instead, so that a longer journey can go on.
 */
async function logOutFromUserMenu(page: Page, name: string, baseURL: string): Promise<void> {
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

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE && c.value !== "");
}

const days = (expires: number) => (expires - Date.now() / 1000) / 86_400;

// --- The login modal ----------------------------------------------------------------------------------

test.describe("login modal", () => {
  test(
    "opens from the header's Login link, 425 px wide (320 px on a phone), with the spec's fields and a Close button",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      await visit(page, "/deals/public");
      const dialog = await openLoginModal(page);
      await expect(page).toHaveURL(/\/deals\/public$/);
      const expectedWidth = isPhone(testInfo.project.name) ? 320 : 425;
      await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(expectedWidth);

      await expect(dialog.getByRole("textbox", { name: "Email" })).toBeVisible();
      const password = dialog.getByLabel("Password", { exact: true });
      await expect(password).toHaveAttribute("type", "password");
      await expect(dialog.getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
      await expect(dialog.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
      await expect(dialog.getByRole("link", { name: "Create an account" })).toHaveAttribute(
        "href",
        "/buyer/signup",
      );
      // The escape message belongs to the /login page only.
      await expect(dialog.getByRole("link", { name: "Here By Mistake" })).toHaveCount(0);

      // Show/hide password.
      await password.fill("Secret123");
      await dialog.getByRole("button", { name: "Show password" }).click();
      await expect(password).toHaveAttribute("type", "text");
      await dialog.getByRole("button", { name: "Hide password" }).click();
      await expect(password).toHaveAttribute("type", "password");

      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(headerLogin(page)).toBeVisible();
    },
  );

  test("Log in is never disabled: pressed with empty fields it says 'Email is Required' and 'Password is Required'", async ({
    page,
  }) => {
    await visit(page, "/home");
    const dialog = await openLoginModal(page);
    const email = dialog.getByRole("textbox", { name: "Email" });
    const password = dialog.getByLabel("Password", { exact: true });
    const submit = dialog.getByRole("button", { name: "Log in", exact: true });

    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByText(EMAIL_REQUIRED, { exact: true })).toBeVisible();
    await expect(dialog.getByText(PASSWORD_REQUIRED, { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();

    // Once shown, a message follows what is typed.
    await email.fill(BUYER.email);
    await expect(dialog.getByText(EMAIL_REQUIRED, { exact: true })).toBeHidden();
    await email.fill("   ");
    await expect(dialog.getByText(EMAIL_REQUIRED, { exact: true })).toBeVisible();
    await email.fill(BUYER.email);
    await expect(dialog.getByText(EMAIL_REQUIRED, { exact: true })).toBeHidden();

    // Escape closes the modal anywhere but on /login.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("Forgot your password? takes the typed email to the forgot-password panel; Create an account opens the signup page", async ({
    page,
  }) => {
    await visit(page, "/home");
    let dialog = await openLoginModal(page);
    await dialog.getByRole("textbox", { name: "Email" }).fill(BUYER.email);
    await dialog.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/forgot-password?email=${encodeURIComponent(BUYER.email)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Having trouble logging in?" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(BUYER.email);

    // A fresh modal, as a visitor meets it: the empty Email field has the focus.
    dialog = await openLoginModal(page);
    await expect(dialog.getByRole("textbox", { name: "Email" })).toBeFocused();
    await dialog.getByRole("link", { name: "Create an account" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/buyer\/signup$/);
    await expect(page.getByRole("heading", { level: 1, name: "Register as a buyer" })).toBeVisible();
  });

  test("a wrong password says 'Incorrect password.' and an unknown email 'Email is not associated with AEA', each clearing the password", async ({
    page,
    baseURL,
    context,
  }) => {
    const base = baseURL ?? "";
    await visit(page, "/home");
    const dialog = await openLoginModal(page);
    const password = dialog.getByLabel("Password", { exact: true });

    await submitLogin(page, base, { email: BUYER.email, password: "Wrong-password-1" });
    await expect(dialog.getByRole("alert")).toHaveText(INCORRECT_PASSWORD);
    await expect(password).toHaveValue("");
    await expect(password).toBeFocused();
    await expect(dialog.getByRole("textbox", { name: "Email" })).toHaveValue(BUYER.email);

    await submitLogin(page, base, { email: `nobody.${Date.now()}@example.com`, password: "Whatever123" });
    await expect(dialog.getByRole("alert")).toHaveText(EMAIL_NOT_ASSOCIATED);
    await expect(password).toHaveValue("");

    await expect(dialog).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    await dialog.getByRole("button", { name: "Close" }).click();
  });

  test("a failed login call says 'There was a server error'", async ({ page }) => {
    // The server is not asked: this is the page's answer to a 500 (spec §8).
    await page.route("**/api/Auth/Login", (route) =>
      route.fulfill({ status: 500, json: { message: "Internal Server Error", code: "1001" } }),
    );
    await visit(page, "/home");
    const dialog = await openLoginModal(page);
    await dialog.getByRole("textbox", { name: "Email" }).fill(BUYER.email);
    await dialog.getByLabel("Password", { exact: true }).fill(BUYER.password);
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText(SERVER_ERROR);
    await expect(dialog).toBeVisible();
    expect(await sessionCookie(page.context())).toBeUndefined();
  });

  test("an unverified account gets 'Email Verification Required', and resending confirms 'Verification Email Sent' and mails a link", async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? "";
    await visit(page, "/home");
    await openLoginModal(page);
    await submitLogin(page, base, PENDING);

    const required = page.getByRole("dialog", { name: "Email Verification Required" });
    await expect(required).toContainText(
      "Your email has not been verified. Would you like to resend the verification email?",
    );
    await expect(loginDialog(page)).toBeHidden();
    await required.getByRole("button", { name: "Resend verification email" }).click();

    const sent = page.getByRole("dialog", { name: "Verification Email Sent" });
    await expect(sent).toContainText(
      `An email has been sent to ${PENDING.email}. Please click the link in the email to login.`,
    );
    await sent.getByRole("button", { name: "Ok" }).click();
    await expect(sent).toBeHidden();
    await expect(headerLogin(page)).toBeVisible();

    const mail = await readMail(browser, base, PENDING.email, /^Verify your email/);
    expect(mail.links.some((href) => href.startsWith("/verify-user?token="))).toBe(true);
  });
});

// --- The /login page and redirectTo ----------------------------------------------------------------------

test.describe("/login page", () => {
  test("opens the modal without a Close button; Escape keeps it; Here By Mistake goes home", async ({
    page,
  }) => {
    await visit(page, "/login");
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Here By Mistake" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(dialog).toBeHidden();
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

// --- Guards and the header user menu (§2, §6) -------------------------------------------------------------

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
    expect(await menuItems(page, "Avery Administrator")).toEqual([
      "Users",
      "Reorder Deals",
      "Download Deals",
      "Similar Deals",
      "Private VDR",
      "Buyer Profile",
      "Update Password",
      "Logout",
    ]);
    await chooseFromUserMenu(page, "Avery Administrator", "Users");
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test("management adds Mgmt Dash first", async ({ page, baseURL, context }) => {
    await logInByApi(context, baseURL ?? "", MANAGER);
    await visit(page, "/home");
    expect(await menuItems(page, MANAGER.name)).toEqual([
      "Mgmt Dash",
      "Users",
      "Reorder Deals",
      "Download Deals",
      "Similar Deals",
      "Private VDR",
      "Buyer Profile",
      "Update Password",
      "Logout",
    ]);
  });
});

// --- Sign-up form (§3 Forms, §5) ---------------------------------------------------------------------------

test.describe("signup form", () => {
  test("an empty submit shows every field's message", async ({ page }) => {
    await visit(page, "/buyer/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Register as a buyer" })).toBeVisible();
    await page.getByRole("button", { name: "Create account" }).click();
    // §5 gives the signup email one message, 'Please enter a valid email address.', empty or not.
    for (const message of [
      "Please enter your first name.",
      "Please enter your last name.",
      PASSWORD_RULE,
      "Please enter a valid email address.",
    ]) {
      await expect.soft(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/buyer\/signup$/);
    await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(0);
  });

  test("bad values get their messages; an existing email says 'That email address already has an account!'", async ({
    page,
  }) => {
    await visit(page, "/buyer/signup");
    const email = page.getByRole("textbox", { name: "Email" });
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm password", { exact: true });

    await email.fill("not-an-email");
    await email.blur();
    await expect(page.getByText("Please enter a valid email address.", { exact: true })).toBeVisible();

    // §5: 6 to 32 characters, at least one letter and one number.
    for (const bad of ["abc12", "abcdefgh", "12345678", "abc 12345"]) {
      await password.fill(bad);
      await password.blur();
      await expect(page.getByText(PASSWORD_RULE, { exact: true }), bad).toBeVisible();
    }
    await password.fill("Good1234");
    await password.blur();
    await expect(page.getByText(PASSWORD_RULE, { exact: true })).toBeHidden();
    await confirm.fill("Good12345");
    await confirm.blur();
    await expect(page.getByText(PASSWORDS_DIFFERENT, { exact: true })).toBeVisible();
    await confirm.fill("Good1234");
    await expect(page.getByText(PASSWORDS_DIFFERENT, { exact: true })).toBeHidden();

    // The asynchronous check, 400 ms after typing stops.
    const check = page.waitForRequest((r) => r.url().includes("/api/Auth/CheckEmailAvailability"));
    await email.fill(BUYER.email);
    await check;
    const taken = page.getByText("That email address already has an account!", { exact: true });
    await expect(taken).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("textbox", { name: "First name" }).fill("Ben");
    await page.getByRole("textbox", { name: "Last name" }).fill("Again");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(0);

    await email.fill(`free.${Date.now()}@example.com`);
    await expect(taken).toBeHidden();
  });

  test("the password popover shows '6 or more characters' and 'At least one number' while the field is focused", async ({
    page,
  }) => {
    await visit(page, "/buyer/signup");
    const password = page.getByLabel("Password", { exact: true });
    const popover = page.locator("#signup-password-checks");
    await expect(popover).toHaveCount(0);
    await password.focus();
    await expect(popover).toBeVisible();
    const length = popover.getByRole("listitem").filter({ hasText: "6 or more characters" });
    const number = popover.getByRole("listitem").filter({ hasText: "At least one number" });
    await expect(length).toHaveAttribute("data-met", "false");
    await expect(number).toHaveAttribute("data-met", "false");

    // §5 and §9: the popover's length check is "greater than 6", its digit check "1-9".
    await password.pressSequentially("abcdef");
    await expect(length).toHaveAttribute("data-met", "false");
    await password.pressSequentially("0");
    await expect(length).toHaveAttribute("data-met", "true");
    await expect(number).toHaveAttribute("data-met", "false");
    await password.pressSequentially("7");
    await expect(number).toHaveAttribute("data-met", "true");

    await password.blur();
    await expect(popover).toHaveCount(0);
  });
});

// --- Forgot-password panel (§2, §5, §8) ---------------------------------------------------------------------

test("forgot-password panel: the spec's texts and phone line; an unknown email says 'The email you entered does not exist. Please try again.' and empties the field", async ({
  page,
  baseURL,
}) => {
  await visit(page, "/forgot-password");
  await expect(page.getByRole("heading", { level: 1, name: "Having trouble logging in?" })).toBeVisible();
  await expect(page.getByText("Enter your email address to get started.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/buyer/signup",
  );
  const phone = page.getByRole("link", { name: /\d{3}.*\d{4}.*ext/i });
  await expect(phone).toHaveAttribute("href", /^tel:\+?[\d,]+$/);
  await expect(page.getByText(/technical assistance/i)).toBeVisible();

  const email = page.getByRole("textbox", { name: "Email" });
  const submit = page.getByRole("button", { name: "Submit", exact: true });
  // §5: required and a valid address; nothing is sent until it is.
  await email.fill("not-an-email");
  await submit.click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/forgot-password$/);

  await email.fill(`nobody.${Date.now()}@example.com`);
  await spend(baseURL ?? "", "forms");
  await submit.click();
  await expect(page.getByRole("alert")).toHaveText("The email you entered does not exist. Please try again.");
  await expect(email).toHaveValue("");
  await expect(submit).toBeEnabled();
});

// --- Update Password (§2 header menu, dialogs; §5; §8) -------------------------------------------------------

test("Update Password, for a user with an official company name: 450 px dialog, §5 messages, the failure dialog, then 'Password Updated', its mail, and other sessions logged out", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";

  // Another browser where the same user is logged in. Each run switches the password between the demo
  // one and this, so a retry starts from whichever the try before it left.
  const elsewhere = await newAgreedContext(browser, base);
  const alternate = "Changed2026";
  await spend(base, "login");
  const withDemoPassword = await elsewhere.request.post("/api/Auth/Login", {
    data: {
      email: PRIVATE_BUYER.email,
      password: PRIVATE_BUYER.password,
      rememberMe: false,
      applicationName: "AEA",
    },
  });
  const account = { ...PRIVATE_BUYER, password: withDemoPassword.ok() ? PRIVATE_BUYER.password : alternate };
  if (!withDemoPassword.ok()) await logInByApi(elsewhere, base, account);
  const newPassword = account.password === alternate ? PRIVATE_BUYER.password : alternate;
  expect((await elsewhere.request.get("/api/Auth/CurrentUser")).status()).toBe(200);

  await visit(page, "/home");
  await openLoginModal(page);
  await submitLogin(page, base, account);
  await dismissProfileInvite(page);
  expect(await menuItems(page, PRIVATE_BUYER.name)).toEqual(["Buyer Profile", "Update Password", "Logout"]);

  await chooseFromUserMenu(page, PRIVATE_BUYER.name, "Update Password");
  let dialog = page.getByRole("dialog", { name: "Update Password" });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(450);
  const password = dialog.getByLabel("New password", { exact: true });
  const confirm = dialog.getByLabel("Confirm new password", { exact: true });
  const change = dialog.getByRole("button", { name: "Change Password" });

  // An invalid submit marks every field touched (§5): first as a user does it, straight after opening
  // (focus is in New password), then once more with nothing focused.
  await expect(password).toBeFocused();
  await change.click();
  await expect(dialog.getByText(PASSWORD_RULE, { exact: true })).toBeVisible();
  await expect
    .soft(
      dialog.getByText(PASSWORDS_DIFFERENT, { exact: true }),
      "the first click on Change Password submits",
    )
    .toBeVisible();
  await change.click();
  await expect(dialog.getByText(PASSWORDS_DIFFERENT, { exact: true })).toBeVisible();
  await password.fill("abcdefg");
  await expect(dialog.getByText(PASSWORD_RULE, { exact: true })).toBeVisible();
  await password.fill(newPassword);
  await expect(dialog.getByText(PASSWORD_RULE, { exact: true })).toBeHidden();
  await confirm.fill(`${newPassword}x`);
  await expect(dialog.getByText(PASSWORDS_DIFFERENT, { exact: true })).toBeVisible();
  await confirm.fill(newPassword);
  await expect(dialog.getByText(PASSWORDS_DIFFERENT, { exact: true })).toBeHidden();

  // §8 failure, answered by a stand-in for the server.
  await page.route("**/api/Auth/UpdatePassword**", (route) =>
    route.fulfill({ status: 500, json: { message: "Internal Server Error" } }),
  );
  await change.click();
  const failed = page.getByRole("dialog", { name: "An error occurred when trying update your password" });
  await expect(failed).toContainText(/email/i);
  await failed.getByRole("button", { name: "Ok" }).click();
  await page.unroute("**/api/Auth/UpdatePassword**");

  await chooseFromUserMenu(page, PRIVATE_BUYER.name, "Update Password");
  dialog = page.getByRole("dialog", { name: "Update Password" });
  await dialog.getByLabel("New password", { exact: true }).fill(newPassword);
  await dialog.getByLabel("Confirm new password", { exact: true }).fill(newPassword);

  // A login older than 10 minutes needs the current password (issue 11): the server's answer to such a
  // login, played by a stand-in since this one is fresh, brings up a "Current password" field.
  await page.route(
    "**/api/Auth/UpdatePassword**",
    (route) => route.fulfill({ status: 403, json: { message: REAUTHENTICATE, code: "REAUTHENTICATE" } }),
    { times: 1 },
  );
  await dialog.getByRole("button", { name: "Change Password" }).click();
  const current = dialog.getByLabel("Current password", { exact: true });
  await expect(current).toBeFocused();
  await expect(dialog.getByText(REAUTHENTICATE, { exact: true })).toBeVisible();
  // A current password given is checked by the real server, fresh login or not.
  await current.fill(`${account.password}x`);
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await expect(dialog.getByText(INCORRECT_PASSWORD, { exact: true })).toBeVisible();
  await expect(current).toHaveValue("");
  await current.fill(account.password);
  const sent = page.waitForRequest("**/api/Auth/UpdatePassword**");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  // The new password travels in the body, not in a URL that logs and histories keep (issue 20 item 15).
  expect(new URL((await sent).url()).search).toBe("");
  expect((await sent).postDataJSON()).toEqual({ password: newPassword, currentPassword: account.password });
  const updated = page.getByRole("dialog", { name: "Password Updated" });
  await expect(updated).toContainText("An email has been sent with confirmation of your password change.");
  await updated.getByRole("button", { name: "Ok" }).click();
  await expect(updated).toBeHidden();

  // This browser keeps a (new) session; every other one ended.
  await page.reload();
  await expect(userButton(page, PRIVATE_BUYER.name)).toBeVisible();
  expect((await elsewhere.request.get("/api/Auth/CurrentUser")).status()).toBe(401);
  await elsewhere.close();

  const mail = await readMail(browser, base, PRIVATE_BUYER.email, /password was changed/i);
  expect(mail.text).toContain("Priya");
  expect(mail.text).not.toContain(newPassword);
  // Other spec files sign in as the README's private buyer: the README's password goes back.
  if (newPassword !== PRIVATE_BUYER.password) {
    const restored = await page.request.post("/api/Auth/UpdatePassword", {
      headers: { origin: new URL(base).origin },
      data: { password: PRIVATE_BUYER.password },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

// --- The whole journey (issue 4 item 8) ----------------------------------------------------------------------

test(
  "a new buyer signs up, verifies by mail, logs in, saves profile and interests, resets the password by mail, logs out and logs in with the new password",
  { tag: "@phone" },
  async ({ page, browser, baseURL, context }, testInfo) => {
    test.setTimeout(240_000);
    const base = baseURL ?? "";
    const email = `new.buyer.${testInfo.project.name}.${Date.now()}@example.com`;
    const name = "Nadia Rivers";
    const password = "Signup2024";
    const newPassword = "Reset2025x";
    const dialog = loginDialog(page);

    await test.step("sign up", async () => {
      await visit(page, "/buyer/signup");
      await page.getByRole("textbox", { name: "First name" }).fill("Nadia");
      await page.getByRole("textbox", { name: "Last name" }).fill("Rivers");
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Confirm password", { exact: true }).fill(password);
      await spend(base, "forms");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Check your email" })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
    });

    let verifyLink = "";
    await test.step("the verification mail arrives in the outbox with a link to verify-user", async () => {
      const mail = await readMail(browser, base, email, /^Verify your email/, {
        checkAccessibility: !isPhone(testInfo.project.name),
      });
      expect(mail.text).toContain("Nadia");
      verifyLink = mail.links.find((href) => href.startsWith("/verify-user?token=")) ?? "";
      expect(verifyLink, mail.text).not.toBe("");
    });

    await test.step("an unverified account cannot log in yet", async () => {
      // Checked over the API: the modal's flow for it is tested above.
      await spend(base, "login");
      const response = await page.request.post("/api/Auth/Login", {
        data: { email, password, rememberMe: false, applicationName: FIRM_SHORT_NAME },
      });
      expect(await response.json()).toMatchObject({ msg: "Not verified" });
      expect(await sessionCookie(context)).toBeUndefined();
    });

    await test.step("the link asks, and its button verifies the email once", async () => {
      await visit(page, verifyLink);
      await expect(
        page.getByRole("heading", { level: 1, name: MAILED_LINK_TEXTS.verifyTitle }),
      ).toBeVisible();
      await spend(base, "forms");
      await page.getByRole("button", { name: MAILED_LINK_TEXTS.verifyButton }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Your email is verified" })).toBeVisible();
      const again = await context.newPage();
      await again.goto(verifyLink);
      await expect(
        again.getByRole("heading", { level: 1, name: "This verification link is invalid or has expired" }),
      ).toBeVisible();
      await again.close();
    });

    await test.step("log in from the verified page, without Remember me: a browser-session cookie", async () => {
      await page.getByRole("main").getByRole("link", { name: "Log in", exact: true }).click();
      await expect(dialog).toBeVisible();
      await submitLogin(page, base, { email, password });
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/deals\/public$/);
      await dismissProfileInvite(page);
      await expect(userButton(page, name)).toBeVisible();
      const cookie = await sessionCookie(context);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.expires).toBe(-1);
    });

    await test.step("the menu has no Update Password without an official company name", async () => {
      expect(await menuItems(page, name)).toEqual(["Buyer Profile", "Logout"]);
      await chooseFromUserMenu(page, name, "Buyer Profile");
      await expect(page).toHaveURL(/\/buyer\/profile$/);
      await expect(page.getByRole("heading", { level: 1, name: "Buyer Profile" })).toBeVisible();
    });

    const mailing = page.getByRole("group", { name: "Mailing address" });
    await test.step("profile: edit and save", async () => {
      await waitForHydration(page);
      await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
      await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Nadia");
      await page.getByRole("textbox", { name: "Company name" }).fill("Rivers Energy Partners");
      await page.getByRole("textbox", { name: "Title" }).fill("Land Manager");
      await page.getByRole("textbox", { name: "Contact phone" }).fill("713-555-0142");
      await mailing.getByRole("textbox", { name: "Street address" }).fill("1 Main Street");
      await mailing.getByRole("textbox", { name: "City" }).fill("Houston");
      await mailing.getByRole("textbox", { name: "State" }).fill("TX");
      await mailing.getByRole("textbox", { name: "ZIP code" }).fill("77002");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(snackbar(page, "Your profile has been saved.")).toBeVisible();

      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("textbox", { name: "Company name" })).toHaveValue("Rivers Energy Partners");
      await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Land Manager");
      await expect(page.getByRole("textbox", { name: "Contact phone" })).toHaveValue("713-555-0142");
      await expect(mailing.getByRole("textbox", { name: "City" })).toHaveValue("Houston");
      await expect(mailing.getByRole("textbox", { name: "ZIP code" })).toHaveValue("77002");
    });

    await test.step("interests: save", async () => {
      const production = page.getByRole("group", { name: "Production" });
      const regions = page.getByRole("group", { name: "Regions" });
      await page.getByRole("checkbox", { name: "I buy Producing properties" }).check();
      await page.getByRole("checkbox", { name: "I buy Minerals" }).check();
      await production.getByRole("checkbox", { name: "Oil", exact: true }).check();
      await regions.getByRole("checkbox", { name: "Permian" }).check();
      await regions.getByRole("checkbox", { name: "Gulf Coast" }).check();
      await page.getByRole("button", { name: "Save interests" }).click();
      await expect(snackbar(page, "Your interests have been saved.")).toBeVisible();

      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("checkbox", { name: "I buy Producing properties" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "I buy Minerals" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "I sell Minerals" })).not.toBeChecked();
      await expect(production.getByRole("checkbox", { name: "Oil", exact: true })).toBeChecked();
      await expect(production.getByRole("checkbox", { name: "Gas", exact: true })).not.toBeChecked();
      await expect(regions.getByRole("checkbox", { name: "Permian" })).toBeChecked();
      await expect(regions.getByRole("checkbox", { name: "Gulf Coast" })).toBeChecked();
      const interests = await (await page.request.get("/api/UserInterests/GetInterests")).json();
      expect([...interests.selectedRegions].sort()).toEqual(["Gulf Coast", "Permian"]);
    });

    await test.step("a save right after another keeps its own snackbar up for the full 3 s", async () => {
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(snackbar(page, "Your profile has been saved.")).toBeVisible();
      await page.getByRole("button", { name: "Save interests" }).click();
      await expect(snackbar(page, "Your interests have been saved.")).toBeVisible();
      // The first snackbar's timer must not close the second one early (it did, after about a second).
      await page.waitForTimeout(2_000);
      await expect(snackbar(page, "Your interests have been saved.")).toBeVisible();
    });

    await test.step("log out from the user menu: home, Login again, the session cookie cleared", async () => {
      await logOutFromUserMenu(page, name, base);
      expect((await page.request.get("/api/Auth/CurrentUser")).status()).toBe(401);
    });

    let resetLink = "";
    await test.step("forgot password: from the modal's link, Submit becomes Submitted and a reset mail arrives", async () => {
      await waitForHydration(page);
      await openLoginModal(page);
      await dialog.getByRole("textbox", { name: "Email" }).fill(email);
      await dialog.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(`/forgot-password?email=${encodeURIComponent(email)}`);
      await waitForHydration(page);
      await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
      await spend(base, "forms");
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      const submitted = page.getByRole("button", { name: "Submitted", exact: true });
      await expect(submitted).toBeVisible();
      await expect(submitted).toBeDisabled();

      const mail = await readMail(browser, base, email, /^Reset your .*password/);
      resetLink = mail.links.find((href) => href.startsWith("/reset-password?token=")) ?? "";
      expect(resetLink, mail.text).not.toBe("");
    });

    await test.step("reset password: a new password, then home with a snackbar; the link works once", async () => {
      await visit(page, resetLink);
      await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
      await spend(base, "forms");
      await page.getByRole("button", { name: "Reset password" }).click();
      await expect(page).toHaveURL(/\/home$/);
      // The spec gives no text for it; the snackbar speaks of the new password.
      await expect(notifications(page).getByText(/password/i)).toBeVisible();

      await visit(page, resetLink);
      await page.getByLabel("New password", { exact: true }).fill("Another2027");
      await page.getByLabel("Confirm new password", { exact: true }).fill("Another2027");
      await spend(base, "forms");
      await page.getByRole("button", { name: "Reset password" }).click();
      await expect(page.getByText("This password reset link is invalid or has expired.")).toBeVisible();

      const mail = await readMail(browser, base, email, /password was changed/i);
      expect(mail.text).not.toContain(newPassword);
    });

    await test.step("the old password says 'Incorrect password.'", async () => {
      await visit(page, "/home");
      await openLoginModal(page);
      await submitLogin(page, base, { email, password });
      await expect(dialog.getByRole("alert")).toHaveText(INCORRECT_PASSWORD);
      await expect(dialog.getByLabel("Password", { exact: true })).toHaveValue("");
    });

    await test.step("the new password logs in; Remember me keeps the cookie 365 days; complete interests mean no invitation", async () => {
      const interestsChecked = page.waitForResponse((r) =>
        r.url().includes("/api/UserInterests/GetInterests"),
      );
      await submitLogin(page, base, { email, password: newPassword }, { rememberMe: true });
      await expect(dialog).toBeHidden();
      await expect(userButton(page, name)).toBeVisible();
      await interestsChecked;
      await page.waitForTimeout(500);
      await expect(page.getByRole("dialog", { name: "Complete your profile" })).toHaveCount(0);
      const cookie = await sessionCookie(context);
      expect(cookie?.httpOnly).toBe(true);
      expect(days(cookie?.expires ?? 0)).toBeGreaterThan(364.9);
      expect(days(cookie?.expires ?? 0)).toBeLessThan(365.1);

      await visit(page, "/buyer/profile");
      await expect(page.getByRole("textbox", { name: "Company name" })).toHaveValue("Rivers Energy Partners");
    });

    await test.step("log out again", async () => {
      await logOutFromUserMenu(page, name, base);
      expect((await page.request.get("/api/Auth/CurrentUser")).status()).toBe(401);
      expect(await countMail(browser, base, email, /^Verify your email/)).toBe(1);
    });
  },
);

// --- Phone: the side menu ---------------------------------------------------------------------------------

// --- Email change (issue 11 item 6) --------------------------------------------------------------------------

test("an email change takes effect only through the link mailed to the new address, and the old address is told", async ({
  page,
  browser,
  baseURL,
  context,
}, testInfo) => {
  const base = baseURL ?? "";
  const origin = new URL(base).origin;
  const stamp = `${testInfo.project.name}.${Date.now()}`;
  const account = { email: `mover.${stamp}@example.com`, password: "Mover2026" };
  const newEmail = `moved.${stamp}@example.com`;

  const signup = await page.request.post("/api/Auth/Signup", {
    headers: { origin },
    data: { firstName: "Mia", lastName: "Mover", ...account, confirmPassword: account.password },
  });
  expect(signup.status()).toBe(201);
  const verification = await readMail(browser, base, account.email, /^Verify your email/);
  await visit(page, verification.links.find((href) => href.startsWith("/verify-user?token=")) ?? "");
  await spend(base, "forms");
  await page.getByRole("button", { name: MAILED_LINK_TEXTS.verifyButton }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your email is verified" })).toBeVisible();
  await logInByApi(context, base, account);

  const asked = await page.request.post(
    `/api/Auth/ChangeEmail?userId=${(await (await page.request.get("/api/Auth/CurrentUser")).json()).id}&newEmail=${encodeURIComponent(newEmail)}`,
    { headers: { origin } },
  );
  expect(asked.status(), await asked.text()).toBe(200);
  expect((await (await page.request.get("/api/Auth/CurrentUser")).json()).email).toBe(account.email);
  const notice = await readMail(browser, base, account.email, /email was requested/);
  expect(notice.text).toContain(newEmail);
  expect(notice.links.some((href) => href.includes("token="))).toBe(false);

  const confirm = await readMail(browser, base, newEmail, /^Confirm your new email/);
  const link = confirm.links.find((href) => href.startsWith("/verify-user?token=")) ?? "";
  expect(link, confirm.text).not.toBe("");
  // Opening the link (as a mail scanner does) changes nothing; the page's button does.
  await visit(page, link);
  await expect(page.getByRole("heading", { level: 1, name: MAILED_LINK_TEXTS.changeTitle })).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  expect((await (await page.request.get("/api/Auth/CurrentUser")).json()).email).toBe(account.email);
  await spend(base, "forms");
  await page.getByRole("button", { name: MAILED_LINK_TEXTS.changeButton }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your email is changed" })).toBeVisible();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
  expect((await (await page.request.get("/api/Auth/CurrentUser")).json()).email).toBe(newEmail);
  const done = await readMail(browser, base, account.email, /email was changed/);
  expect(done.text).toContain(newEmail);

  // The link works once.
  await visit(page, link);
  await expect(
    page.getByRole("heading", { level: 1, name: "This verification link is invalid or has expired" }),
  ).toBeVisible();
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

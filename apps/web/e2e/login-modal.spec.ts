import { LOGIN_FAILED_TITLE } from "@aea/domain";
import { headerLogin, loginDialog, openLoginModal, sessionCookie, submitLogin } from "./account-pages";
import {
  EMAIL_NOT_ASSOCIATED,
  EMAIL_REQUIRED,
  INCORRECT_PASSWORD,
  PASSWORD_REQUIRED,
  SERVER_ERROR,
} from "./account-texts";
import { expect, isPhone, test, visit } from "./fixtures";
import { BUYER, PENDING, readMail } from "./mailbox";

/**
 * The login modal (spec §2 login modal, §5, §8), opened from the header.
 *
 * Logins and the account pages' form posts are rate-limited per IP (10 a minute), and every test of both
 * projects shares one server: each such request books its place with `spend` first (see mailbox.ts),
 * which is why the tests that log in get a generous timeout.
 * On a phone the modal is 320 px wide (tagged @phone).
 */

test.describe.configure({ timeout: 150_000 });

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

  test("a failed login call says 'There was a server error' in the 'Login Failed' dialog", async ({
    page,
  }) => {
    // The server is not asked: this is the page's answer to a 500 (spec §8).
    await page.route("**/api/Auth/Login", (route) =>
      route.fulfill({ status: 500, json: { message: "Internal Server Error", code: "1001" } }),
    );
    await visit(page, "/home");
    const dialog = await openLoginModal(page);
    await dialog.getByRole("textbox", { name: "Email" }).fill(BUYER.email);
    await dialog.getByLabel("Password", { exact: true }).fill(BUYER.password);
    await dialog.getByRole("button", { name: "Log in", exact: true }).click();
    // Spec §8: a refusal other than a wrong password or email comes in the 'Login Failed' dialog.
    const failed = page.getByRole("dialog", { name: LOGIN_FAILED_TITLE });
    await expect(failed).toContainText(SERVER_ERROR);
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await failed.getByRole("button", { name: "Ok" }).click();
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

import { PASSWORD_RULE, PASSWORDS_DIFFERENT } from "./account-texts";
import { expect, test, visit } from "./fixtures";
import { BUYER } from "./mailbox";

/**
 * The sign-up form (spec §3 Forms, §5).
 *
 * Logins and the account pages' form posts are rate-limited per IP (10 a minute), and every test of both
 * projects shares one server: each such request books its place with `spend` first (see mailbox.ts),
 * which is why the tests that log in get a generous timeout.
 */

test.describe.configure({ timeout: 150_000 });

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

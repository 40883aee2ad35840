import { MAILED_LINK_TEXTS } from "@aea/domain";
import {
  chooseFromUserMenu,
  days,
  dismissProfileInvite,
  loginDialog,
  logOutFromUserMenu,
  menuItems,
  notifications,
  openLoginModal,
  sessionCookie,
  snackbar,
  submitLogin,
  userButton,
} from "./account-pages";
import { FIRM_SHORT_NAME, INCORRECT_PASSWORD } from "./account-texts";
import { expect, isPhone, test, visit, waitForHydration } from "./fixtures";
import { countMail, logInByApi, readMail, spend } from "./mailbox";

/**
 * Whole journeys of an account: a new buyer from sign-up to a new password (issue 4 item 8, run on the phone too), and an email change (issue 11 item 6).
 *
 * Logins and the account pages' form posts are rate-limited per IP (10 a minute), and every test of both
 * projects shares one server: each such request books its place with `spend` first (see mailbox.ts),
 * which is why the tests that log in get a generous timeout.
 */

test.describe.configure({ timeout: 150_000 });

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
      await page.getByRole("textbox", { name: "Contact phone" }).fill("7135550142");
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
      await expect(page.getByRole("textbox", { name: "Contact phone" })).toHaveValue("7135550142");
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
    await test.step("forgot password: from the modal's link; on success the panel closes, says where the mail went, and the mail arrives", async () => {
      await waitForHydration(page);
      await openLoginModal(page);
      await dialog.getByRole("textbox", { name: "Email" }).fill(email);
      await dialog.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(page).toHaveURL(`/forgot-password?email=${encodeURIComponent(email)}`);
      await waitForHydration(page);
      await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
      await spend(base, "forms");
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      // §4: the panel closes on success, so nothing is left to send twice; §2: its button reads
      // Submitted afterwards, disabled.
      await expect(page.getByRole("heading", { level: 1, name: "Email Sent" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(
        `An email has been sent to ${email}. Please click the link in the email to reset your password.`,
      );
      await expect(page.getByRole("textbox", { name: "Email" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Submit", exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Submitted", exact: true })).toBeDisabled();

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

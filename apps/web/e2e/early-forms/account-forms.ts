import type { Page } from "@playwright/test";
import { notifications, snackbar, userButton } from "../account-pages";
import { PASSWORD_RULE } from "../account-texts";
import { expect } from "../fixtures";
import { ADMIN, readMail } from "../mailbox";
import { newBuyer, resetLinkFor, signUp, signUpVerified } from "../new-accounts";
import {
  button,
  checkbox,
  expectLoginElsewhere,
  FIRST_NAME_REQUIRED,
  type FormCase,
  labelled,
  onPage,
  PASSWORD_UPDATED,
  signInAs,
  textbox,
  ticked,
  typed,
  VALID_EMAIL,
  verificationSent,
  type Within,
} from "./form-table";

/** The account forms, as rows of the table of forms typed into before hydration. */

/** A management account no other spec file signs in with: this file changes its password. */
const MANAGER = { email: "mgmt3@anticline.test", password: "Mgmt123!", name: "Jordan Manager" } as const;

/**
 * The login form (spec §2, §5): the /login page and the modal share it. Its only rule is that both
 * fields are filled, and Log in stays disabled until they are: the typed values must enable it.
 */
const loginForm = (within: Within) =>
  ({
    entries: [
      typed(textbox("Email", within), ADMIN.email),
      typed(labelled("Password", within), ADMIN.password),
      ticked(checkbox("Remember me", within)),
    ],
    submit: button("Log in", within),
  }) satisfies Partial<FormCase>;

const loginModal = (page: Page) => page.getByRole("dialog", { name: "Log in" });
const passwordDialog = (page: Page) => page.getByRole("dialog", { name: "Update Password" });

const mailing = (page: Page) => page.getByRole("group", { name: "Mailing address" });
const production = (page: Page) => page.getByRole("group", { name: "Production" });
const regions = (page: Page) => page.getByRole("group", { name: "Regions" });

const signupBuyer = newBuyer("early.signup");
const forgetful = newBuyer("early.forgot");
const resetting = newBuyer("early.reset");
const unverified = newBuyer("early.verify");
const profileOwner = newBuyer("early.profile");

export const ACCOUNT_FORMS: FormCase[] = [
  {
    name: "the /login page",
    arrive: async () => "/login?redirectTo=%2Fadmin%2Fusers",
    ...loginForm(onPage),
    leavesPage: true,
    expectDone: async ({ page }) => {
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(userButton(page, "Avery Administrator")).toBeVisible();
    },
  },
  {
    name: "the login modal opened from the header",
    arrive: async () => "/seller",
    open: async (page) => {
      await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
    },
    ...loginForm(loginModal),
    expectDone: async ({ page }) => {
      await expect(loginModal(page)).toBeHidden();
      await expect(page).toHaveURL(/\/seller$/);
      await expect(userButton(page, "Avery Administrator")).toBeVisible();
    },
  },
  {
    name: "sign-up (/buyer/signup)",
    arrive: async () => "/buyer/signup",
    entries: [
      typed(textbox("First name"), signupBuyer.firstName),
      typed(textbox("Last name"), signupBuyer.lastName),
      typed(labelled("Password"), signupBuyer.password),
      typed(labelled("Confirm password"), signupBuyer.password),
    ],
    mistake: {
      find: textbox("Email"),
      typed: "tessa.early@",
      message: VALID_EMAIL,
      fixed: signupBuyer.email,
    },
    submit: button("Create account"),
    expectDone: async ({ page }) => {
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
      await expect(page.getByText(signupBuyer.email)).toBeVisible();
      const check = `/api/Auth/CheckEmailAvailability?email=${encodeURIComponent(signupBuyer.email)}`;
      expect((await page.request.get(check)).status(), "the address has an account now").toBe(409);
    },
  },
  {
    name: "forgot password (/forgot-password)",
    arrive: async ({ context, base }) => {
      await signUp(context.request, base, forgetful);
      return "/forgot-password";
    },
    entries: [],
    mistake: { find: textbox("Email"), typed: "tessa.early@", message: VALID_EMAIL, fixed: forgetful.email },
    submit: button("Submit"),
    expectDone: async ({ page, browser, base }) => {
      // Spec §2, §4: the panel closes on success, says where the mail went, and its button reads
      // Submitted, disabled.
      await expect(page.getByRole("heading", { name: "Email Sent" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(forgetful.email);
      await expect(button("Submitted")(page)).toBeDisabled();
      await readMail(browser, base, forgetful.email, /^Reset your .*password/);
    },
  },
  {
    name: "reset password (/reset-password with a mailed token)",
    arrive: async ({ browser, context, base }) => {
      await signUp(context.request, base, resetting);
      return resetLinkFor(browser, context.request, base, resetting.email);
    },
    entries: [typed(labelled("Confirm new password"), "Renewed2027")],
    mistake: {
      find: labelled("New password"),
      typed: "abcdefg",
      message: PASSWORD_RULE,
      fixed: "Renewed2027",
    },
    submit: button("Reset password"),
    leavesPage: true,
    expectDone: async (visit) => {
      await expect(visit.page).toHaveURL(/\/home$/);
      // The spec gives no text for it; the snackbar speaks of the new password.
      await expect(notifications(visit.page).getByText(/password/i)).toBeVisible();
      await expectLoginElsewhere(visit, { email: resetting.email, password: "Renewed2027" });
    },
  },
  {
    name: "resend verification (/verify-user with a spent link)",
    arrive: async ({ context, base }) => {
      await signUp(context.request, base, unverified);
      return `/verify-user?token=${"spent".repeat(8)}`;
    },
    entries: [],
    mistake: { find: textbox("Email"), typed: "tessa.early@", message: VALID_EMAIL, fixed: unverified.email },
    submit: button("Resend verification email"),
    expectDone: async ({ page }) => {
      await expect(page.getByText(verificationSent(unverified.email), { exact: true })).toBeVisible();
    },
  },
  {
    name: "the buyer profile and interests (/buyer/profile)",
    arrive: async (visit) => {
      await signUpVerified(visit.browser, visit.context.request, visit.base, profileOwner);
      await signInAs(visit, profileOwner);
      return "/buyer/profile";
    },
    entries: [
      typed(textbox("Company name"), "Early Energy Partners"),
      typed(textbox("Title"), "Land Manager"),
      typed(textbox("Contact phone"), "7135550199"),
      typed(textbox("Street address", mailing), "9 Rig Road"),
      typed(textbox("City", mailing), "Midland"),
      typed(textbox("ZIP code", mailing), "79701"),
      ticked(checkbox("I buy Producing properties")),
      ticked(checkbox("I sell Minerals")),
      ticked(checkbox("Oil", production)),
      ticked(checkbox("Permian", regions)),
    ],
    // The visitor empties the first name before retyping it.
    mistake: { find: textbox("First name"), typed: "", message: FIRST_NAME_REQUIRED, fixed: "Tess" },
    submit: button("Save profile"),
    expectDone: async ({ page }) => {
      await expect(snackbar(page, "Your profile has been saved.")).toBeVisible();
      expect(await (await page.request.get("/api/Auth/GetProfile")).json()).toMatchObject({
        firstName: "Tess",
        companyName: "Early Energy Partners",
        title: "Land Manager",
        contactPhone: "7135550199",
        userRequestedAddress: "9 Rig Road",
        userRequestedCity: "Midland",
        userRequestedZip: "79701",
      });
      // Saving the profile leaves the interests form as the visitor ticked it. (The next snackbar waits
      // until this one has closed: one that follows within 3 s closes on the first one's timer.)
      await expect(snackbar(page, "Your profile has been saved.")).toBeHidden();
      await button("Save interests")(page).click();
      await expect(snackbar(page, "Your interests have been saved.")).toBeVisible();
      const interests = await (await page.request.get("/api/UserInterests/GetInterests")).json();
      expect(interests.selectedRegions).toEqual(["Permian"]);
      const ticks = Object.entries(interests).filter(([, value]) => value === true);
      expect(ticks).toHaveLength(3);
    },
  },
  {
    name: "the Update Password dialog",
    arrive: async (visit) => {
      await signInAs(visit, MANAGER);
      return "/buyer/profile";
    },
    open: async (page) => {
      await userButton(page, MANAGER.name).click();
      await page.getByRole("menu").getByRole("menuitem", { name: "Update Password", exact: true }).click();
    },
    entries: [typed(labelled("Confirm new password", passwordDialog), "Changed2027")],
    mistake: {
      find: labelled("New password", passwordDialog),
      typed: "abcdefg",
      message: PASSWORD_RULE,
      fixed: "Changed2027",
    },
    submit: button("Change Password", passwordDialog),
    expectDone: async (visit) => {
      const updated = visit.page.getByRole("dialog", { name: "Password Updated" });
      await expect(updated).toContainText(PASSWORD_UPDATED);
      await updated.getByRole("button", { name: "Ok" }).click();
      await expect(updated).toBeHidden();
      await expectLoginElsewhere(visit, { email: MANAGER.email, password: "Changed2027" });
    },
  },
];

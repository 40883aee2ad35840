import { AGREEMENT_TEXTS } from "@aea/domain";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { holdScripts, pageCpu } from "./before-hydration";
import { expect, expectNoSeriousAxeViolations, test, waitForHydration } from "./fixtures";
import { ADMIN, adminStorageState, logInByApi, newAgreedContext, readMail } from "./mailbox";
import { newBuyer, resetLinkFor, signUp, signUpVerified } from "./new-accounts";

/**
 * Every form keeps what a visitor typed, chose or ticked before the page became interactive, validates
 * it once it is, and submits (issue 12 item 1). The browser runs 4× slower than this machine, as a
 * phone does, and the test types the moment a field is in the page: for a server-rendered form while
 * the app's JavaScript is held back (so the typing is certain to come before hydration), for a form
 * that only JavaScript opens (a dialog, the chat panel) at once when it appears.
 *
 * One table of forms drives one test body. Expected texts are the spec's (§5, §8), written out here;
 * where the spec gives none (snackbars, the chat panel, the content editor) the site's own.
 */

const CPU_SLOWDOWN = 4;
const STAFF_INBOX = "support@anticline.test";
const RUN = Date.now().toString(36);

const VALID_EMAIL = "Please enter a valid email address.";
const FIRST_NAME_REQUIRED = "Please enter your first name.";
const PASSWORD_RULE = "Your password must contain at least 6 characters with no less than one number.";
const CONTACT_SENT = "Your email has been sent successfully.";
const SELLER_SENT = "Your email has been sent successfully. An agent will contact you shortly.";
const PASSWORD_UPDATED = "An email has been sent with confirmation of your password change.";
const verificationSent = (email: string) =>
  `An email has been sent to ${email}. Please click the link in the email to login.`;

/** A management account no other spec file signs in with: this file changes its password. */
const MANAGER = { email: "mgmt3@anticline.test", password: "Mgmt123!", name: "Jordan Manager" } as const;

// --- The table's vocabulary ---------------------------------------------------------------------------------

interface Visit {
  page: Page;
  browser: Browser;
  context: BrowserContext;
  base: string;
}

type Find = (page: Page) => Locator;

/** One control: what the visitor does to it, and how the test sees that it was kept. */
interface Entry {
  enter(page: Page): Promise<void>;
  expectKept(page: Page): Promise<void>;
}

const typed = (find: Find, value: string): Entry => ({
  enter: (page) => find(page).fill(value),
  expectKept: (page) => expect(find(page)).toHaveValue(value),
});

const ticked = (find: Find): Entry => ({
  enter: (page) => find(page).check(),
  expectKept: (page) => expect(find(page)).toBeChecked(),
});

const chosen = (find: Find, value: string): Entry => ({
  enter: async (page) => {
    await find(page).selectOption(value);
  },
  expectKept: (page) => expect(find(page)).toHaveValue(value),
});

/** A rich-text field: HTML typed into its plain form before hydration, read back as text in either form. */
const richText = (find: Find, html: string, text: string): Entry => ({
  enter: (page) => find(page).fill(html),
  expectKept: (page) =>
    expect
      .poll(() =>
        find(page).evaluate((el) => (el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? ""))),
      )
      .toContain(text),
});

/** A value the form refuses: typed first, its message checked once the page is interactive, then fixed. */
interface Mistake {
  find: Find;
  typed: string;
  message: string;
  fixed: string;
  /**
   * Forms check in the browser, and say so once the visitor leaves the field (spec §5: "once
   * touched"); the content editor's rules are checked by the server when it saves.
   */
  checkedOnSave?: boolean;
}

interface FormCase {
  name: string;
  /** What happens before the visitor arrives (an account, a session, a mailed link); returns the address. */
  arrive(visit: Visit): Promise<string>;
  /** For a form only JavaScript shows: how the visitor opens it once the page is interactive. */
  open?(page: Page): Promise<void>;
  entries: Entry[];
  mistake?: Mistake;
  submit: Find;
  /** The submit takes the visitor to another page (axe then checks the form's page on its own). */
  leavesPage?: boolean;
  /** The visitor's result, and where cheap that the server stored it. */
  expectDone(visit: Visit): Promise<void>;
}

/** Where a form's controls are looked for: the page, or the dialog or panel that holds the form. */
type Within = (page: Page) => Page | Locator;
const onPage: Within = (page) => page;

const byRole =
  (role: "textbox" | "checkbox" | "button") =>
  (name: string, within = onPage): Find =>
  (page) =>
    within(page).getByRole(role, { name, exact: true });
const textbox = byRole("textbox");
const checkbox = byRole("checkbox");
const button = byRole("button");
const labelled =
  (label: string, within = onPage): Find =>
  (page) =>
    within(page).getByLabel(label, { exact: true });
const userButton = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("button", { name, exact: true });
/** The snackbars' region (spec §9). */
const notifications = (page: Page) => page.getByRole("region", { name: /^Notifications/ });
const snackbar = (page: Page, text: string) => notifications(page).getByText(text, { exact: true });

async function signInAs(visit: Visit, account: { email: string; password: string }): Promise<void> {
  await logInByApi(visit.context, visit.base, account);
}

/** A login in another browser succeeds: the server stored the new password. */
async function expectLoginElsewhere(visit: Visit, account: { email: string; password: string }) {
  const elsewhere = await newAgreedContext(visit.browser, visit.base);
  await logInByApi(elsewhere, visit.base, account);
  await elsewhere.close();
}

async function signInAsAdmin({ context, browser, base }: Visit): Promise<void> {
  await context.addCookies((await adminStorageState(browser, base)).cookies);
}

// --- The forms ------------------------------------------------------------------------------------------------

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
const chatPanel = (page: Page) => page.getByRole("dialog", { name: "Chat with AEA" });
const mailing = (page: Page) => page.getByRole("group", { name: "Mailing address" });
const production = (page: Page) => page.getByRole("group", { name: "Production" });
const regions = (page: Page) => page.getByRole("group", { name: "Regions" });

const signupBuyer = newBuyer("early.signup");
const forgetful = newBuyer("early.forgot");
const resetting = newBuyer("early.reset");
const unverified = newBuyer("early.verify");
const profileOwner = newBuyer("early.profile");
const contactSubject = `Early contact ${RUN}`;
const sellerCompany = `Early Minerals ${RUN}`;
const chatName = `Early Sam ${RUN}`;
const releaseTitle = `Early release ${RUN}`;
const signer = newBuyer("early.signer");

/** A field of the agreement form, by the start of its label (the label carries a required mark). */
const agreementField =
  (label: string): Find =>
  (page) =>
    page.getByRole("textbox", { name: new RegExp(`^${label}`) });

/** A public deal whose data room takes buyers by code (not the rooms other spec files use). */
async function agreementDealId(visit: Visit): Promise<number> {
  const deals = (await (await visit.context.request.get("/api/Advisors/GetDeals")).json()) as Array<{
    ListingId: number;
    hasVDR: boolean;
    requiresDueDiligenceAccess: boolean;
    sold?: boolean;
    status: string | null;
  }>;
  const rooms = deals.filter(
    (d) => d.hasVDR && d.requiresDueDiligenceAccess && !d.sold && d.status !== "SOLD",
  );
  const deal = rooms[5];
  if (!deal) throw new Error("the demo book has too few data rooms");
  return deal.ListingId;
}
let signedDealId = 0;

const FORMS: FormCase[] = [
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
      // Spec §2, §4: the button reads Submitted and stays disabled.
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
      typed(textbox("Contact phone"), "713-555-0199"),
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
        contactPhone: "713-555-0199",
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
  {
    name: "the contact form (/contact-us)",
    arrive: async () => "/contact-us",
    entries: [
      typed(textbox("First name"), "Ann"),
      typed(textbox("Last name"), "Early"),
      typed(textbox("Subject"), contactSubject),
      typed(textbox("Message"), "We hold 1,200 net acres in Ward County."),
    ],
    mistake: {
      find: textbox("Email"),
      typed: "ann.early@",
      message: VALID_EMAIL,
      fixed: "ann.early@example.com",
    },
    submit: button("Send"),
    leavesPage: true,
    expectDone: async ({ page, browser, base }) => {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(CONTACT_SENT);
      await dialog.getByRole("button", { name: "Ok" }).click();
      await expect(page).toHaveURL(/\/home$/);
      const mail = await readMail(browser, base, STAFF_INBOX, new RegExp(contactSubject));
      expect(mail.text).toContain("1,200 net acres in Ward County");
    },
  },
  {
    name: "the seller form (/seller)",
    arrive: async () => "/seller",
    entries: [
      typed(textbox("First name"), "Sid"),
      typed(textbox("Last name"), "Early"),
      typed(textbox("Company"), sellerCompany),
      typed(textbox("Phone"), "(432) 555-0199"),
      typed(textbox("Tell us about the assets"), "320 net mineral acres in Reeves County."),
    ],
    // Spec §5: a dot and a two-letter ending are required.
    mistake: {
      find: textbox("Email"),
      typed: "sid@early-minerals",
      message: VALID_EMAIL,
      fixed: "sid@early-minerals.com",
    },
    submit: button("Send inquiry"),
    expectDone: async ({ page, browser, base }) => {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(SELLER_SENT);
      await expect(dialog).toContainText("AEA");
      await dialog.getByRole("button", { name: "Ok" }).click();
      // Spec §4: the seller form resets.
      await expect(textbox("Company")(page)).toHaveValue("");
      const mail = await readMail(browser, base, STAFF_INBOX, new RegExp(sellerCompany));
      expect(mail.text).toContain("320 net mineral acres in Reeves County.");
    },
  },
  {
    name: "the chat widget",
    arrive: async () => "/home",
    open: async (page) => {
      await page.getByRole("button", { name: "Chat with us" }).click();
    },
    entries: [
      typed(labelled("Name", chatPanel), chatName),
      typed(labelled("Message", chatPanel), "Is the Ward County package still open?"),
    ],
    mistake: {
      find: labelled("Email", chatPanel),
      typed: "sam@",
      message: VALID_EMAIL,
      fixed: "sam.early@example.org",
    },
    submit: button("Send message", chatPanel),
    expectDone: async ({ page, browser, base }) => {
      await expect(chatPanel(page).getByRole("status")).toContainText(`Thanks, ${chatName}.`);
      const mail = await readMail(browser, base, STAFF_INBOX, new RegExp(`Chat message from ${chatName}`));
      expect(mail.text).toContain("Is the Ward County package still open?");
    },
  },
  {
    name: "the confidentiality agreement (/deals/{id}/data-room/agreement)",
    arrive: async (visit) => {
      await signUpVerified(visit.browser, visit.context.request, visit.base, signer);
      await signInAs(visit, signer);
      signedDealId = await agreementDealId(visit);
      const granted = await visit.context.request.post("/api/Advisors/GrantDueDiligenceAccess", {
        headers: { origin: new URL(visit.base).origin },
        data: { code: `DD-${signedDealId}`, listingId: signedDealId },
      });
      expect(granted.status(), await granted.text()).toBe(200);
      return `/deals/${signedDealId}/data-room/agreement`;
    },
    entries: [
      typed(agreementField("Full name"), "Tessa Q. Early"),
      ticked(checkbox(AGREEMENT_TEXTS.consent)),
    ],
    // The visitor types a company, empties it, then types it again.
    mistake: {
      find: agreementField("Company"),
      typed: "",
      message: AGREEMENT_TEXTS.companyRequired,
      fixed: "Early Energy Partners",
    },
    submit: button(AGREEMENT_TEXTS.sign),
    leavesPage: true,
    expectDone: async ({ page }) => {
      await expect(page).toHaveURL(new RegExp(`/deals/${signedDealId}/data-room$`));
      await page.goto(`/deals/${signedDealId}/data-room/agreement`);
      await expect(page.getByRole("heading", { name: AGREEMENT_TEXTS.signedTitle })).toBeVisible();
      await expect(page.getByText("Tessa Q. Early")).toBeVisible();
      await expect(page.getByText("Early Energy Partners")).toBeVisible();
    },
  },
  {
    name: "the staff content editor (a new press release)",
    arrive: async (visit) => {
      await signInAsAdmin(visit);
      return "/admin/content/press_release/new";
    },
    entries: [
      typed(labelled("Title *"), releaseTitle),
      typed(labelled("Date *"), "2026-11-20"),
      richText(textbox("Body"), "<p>Typed before the editor woke.</p>", "Typed before the editor woke."),
      // Archived: kept out of the public site and the other spec files' lists.
      chosen(labelled("Status"), "archived"),
    ],
    mistake: {
      find: textbox("Link"),
      typed: "javascript:alert(1)",
      message: "Link must start with /, https://, http://, mailto: or tel:.",
      fixed: "https://news.example.com/early",
      checkedOnSave: true,
    },
    submit: (page) => page.getByRole("button", { name: "Save" }).first(),
    expectDone: async ({ page }) => {
      await expect(page).toHaveURL(/\/admin\/content\/press_release\/\d+\?saved=1$/);
      await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
      // What the server renders afresh is what it stored.
      await page.reload({ waitUntil: "domcontentloaded" });
      await expect(labelled("Title *")(page)).toHaveValue(releaseTitle);
      await expect(textbox("Link")(page)).toHaveValue("https://news.example.com/early");
      await expect(labelled("Status")(page)).toHaveValue("archived");
    },
  },
];

// --- The test -----------------------------------------------------------------------------------------------

// Logins through the API book their place in the suite's rate-limit budget (mailbox.ts), which can wait.
test.describe.configure({ timeout: 120_000 });

for (const form of FORMS) {
  test(`${form.name}: what is typed at once on arrival survives hydration, validates and submits`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    const visit: Visit = { page, browser, context, base: baseURL ?? "" };
    const address = await form.arrive(visit);
    const cpu = await pageCpu(page);
    await cpu.slowDown(CPU_SLOWDOWN);
    const scripts = form.open ? undefined : await holdScripts(page, visit.base);

    await page.goto(address, { waitUntil: "commit" });
    if (form.open) {
      await waitForHydration(page);
      await form.open(page);
    }
    const { mistake } = form;
    if (mistake) await mistake.find(page).fill(mistake.typed);
    for (const entry of form.entries) await entry.enter(page);

    if (scripts) {
      await expect(page.locator("html[data-hydrated]"), "all typed before hydration").toHaveCount(0);
      scripts.release();
      await waitForHydration(page);
    }
    for (const entry of form.entries) await entry.expectKept(page);
    if (mistake) await expect(mistake.find(page)).toHaveValue(mistake.typed);
    if (form.leavesPage) {
      // axe is the test's own work, not the visitor's: at full speed it takes a second, not several.
      // (The fixture checks the page a test ends on: the form's own page unless the submit leaves it.)
      await cpu.fullSpeed();
      await expectNoSeriousAxeViolations(page);
      await cpu.slowDown(CPU_SLOWDOWN);
    }

    if (mistake) {
      const field = mistake.find(page);
      if (mistake.checkedOnSave) {
        await form.submit(page).click();
      } else {
        await field.focus();
        await field.blur();
      }
      await expect(page.getByText(mistake.message, { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await field.fill(mistake.fixed);
    }
    // The stranded visitor of issue 12: a Log in button that stayed disabled while both fields showed text.
    await expect(form.submit(page)).toBeEnabled();
    await form.submit(page).click();
    await form.expectDone(visit);
    // The fixture's closing axe check, at full speed too.
    await cpu.fullSpeed();
  });
}

// A visitor who presses the button before the scripts run gets a plain form post, answered by the
// same action that answers the scripted submit.
test("a form sent before the scripts run is answered by the same action", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const subject = `Sent before the scripts ${RUN}`;
  const scripts = await holdScripts(page, base);
  await page.goto("/contact-us", { waitUntil: "commit" });
  await textbox("First name")(page).fill("Ann");
  await textbox("Last name")(page).fill("Early");
  await textbox("Email")(page).fill("ann.early@example.com");
  await textbox("Subject")(page).fill(subject);
  await textbox("Message")(page).fill("Posted by the browser itself.");
  await button("Send")(page).click();
  await expect(page.getByText(CONTACT_SENT).first()).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  scripts.release();
  const mail = await readMail(browser, base, STAFF_INBOX, new RegExp(subject));
  expect(mail.text).toContain("Posted by the browser itself.");
});

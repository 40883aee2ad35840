import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { adminStorageState, logInByApi, newAgreedContext } from "../mailbox";

/**
 * The vocabulary of the table of forms in forms-before-hydration.spec.ts: what a visitor does to each
 * control before hydration, how the test sees it was kept, and the texts the forms answer with.
 */

export const STAFF_INBOX = "support@anticline.test";
export const RUN = Date.now().toString(36);

export const VALID_EMAIL = "Please enter a valid email address.";
export const FIRST_NAME_REQUIRED = "Please enter your first name.";

export const CONTACT_SENT = "Your email has been sent successfully.";
export const SELLER_SENT = "Your email has been sent successfully. An agent will contact you shortly.";
export const PASSWORD_UPDATED = "An email has been sent with confirmation of your password change.";
export const verificationSent = (email: string) =>
  `An email has been sent to ${email}. Please click the link in the email to login.`;

export interface Visit {
  page: Page;
  browser: Browser;
  context: BrowserContext;
  base: string;
}

export type Find = (page: Page) => Locator;

/** One control: what the visitor does to it, and how the test sees that it was kept. */
interface Entry {
  enter(page: Page): Promise<void>;
  expectKept(page: Page): Promise<void>;
}

export const typed = (find: Find, value: string): Entry => ({
  enter: (page) => find(page).fill(value),
  expectKept: (page) => expect(find(page)).toHaveValue(value),
});

export const ticked = (find: Find): Entry => ({
  enter: (page) => find(page).check(),
  expectKept: (page) => expect(find(page)).toBeChecked(),
});

export const chosen = (find: Find, value: string): Entry => ({
  enter: async (page) => {
    await find(page).selectOption(value);
  },
  expectKept: (page) => expect(find(page)).toHaveValue(value),
});

/** A rich-text field: HTML typed into its plain form before hydration, read back as text in either form. */
export const richText = (find: Find, html: string, text: string): Entry => ({
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

export interface FormCase {
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
export type Within = (page: Page) => Page | Locator;
export const onPage: Within = (page) => page;

const byRole =
  (role: "textbox" | "checkbox" | "button") =>
  (name: string, within = onPage): Find =>
  (page) =>
    within(page).getByRole(role, { name, exact: true });
export const textbox = byRole("textbox");
export const checkbox = byRole("checkbox");
export const button = byRole("button");
export const labelled =
  (label: string, within = onPage): Find =>
  (page) =>
    within(page).getByLabel(label, { exact: true });

export async function signInAs(visit: Visit, account: { email: string; password: string }): Promise<void> {
  await logInByApi(visit.context, visit.base, account);
}

/** A login in another browser succeeds: the server stored the new password. */
export async function expectLoginElsewhere(visit: Visit, account: { email: string; password: string }) {
  const elsewhere = await newAgreedContext(visit.browser, visit.base);
  await logInByApi(elsewhere, visit.base, account);
  await elsewhere.close();
}

export async function signInAsAdmin({ context, browser, base }: Visit): Promise<void> {
  await context.addCookies((await adminStorageState(browser, base)).cookies);
}

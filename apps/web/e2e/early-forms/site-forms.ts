import { AGREEMENT_TEXTS } from "@aea/domain";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { readMail } from "../mailbox";
import { newBuyer, signUpVerified } from "../new-accounts";
import {
  button,
  CONTACT_SENT,
  checkbox,
  chosen,
  type Find,
  type FormCase,
  labelled,
  RUN,
  richText,
  SELLER_SENT,
  STAFF_INBOX,
  signInAs,
  signInAsAdmin,
  textbox,
  ticked,
  typed,
  VALID_EMAIL,
  type Visit,
} from "./form-table";

/** The site's other forms (contact, seller, chat, data-room agreement, content editor), as rows of the table of forms typed into before hydration. */

const chatPanel = (page: Page) => page.getByRole("dialog", { name: "Chat with AEA" });

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

export const SITE_FORMS: FormCase[] = [
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
      typed(textbox("Phone"), "4325550199"),
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

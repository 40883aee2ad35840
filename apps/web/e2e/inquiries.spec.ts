import {
  CHAT_WELCOME,
  CHAT_WELCOME_SHORT,
  CONTACT_SENT,
  SELL_YOUR_ASSETS,
  SELLER_BROCHURES,
  SELLER_INQUIRY_SENT,
  VALID_EMAIL_REQUIRED,
} from "@aea/domain";
import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";
import { readMail } from "./mailbox";

/**
 * The contact and seller forms, the brochures, the resources pages and the chat widget, as a visitor
 * uses them. Mail is read where staff read it: the admin outbox.
 */

const STAFF_INBOX = "support@anticline.test";
/** A run-unique word, so a test finds its own mail among earlier runs' and the other project's. */
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test.describe("contact page", () => {
  test("shows the history, services, office, phone and fax from the content", async ({ page }) => {
    await visit(page, "/contact-us");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our history" })).toBeVisible();
    await expect(page.getByText("founded in Houston in 1985")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Virtual data rooms" })).toBeVisible();
    const office = page.getByRole("region", { name: "Corporate Office" });
    await expect(office).toContainText("Houston");
    await expect(office.getByRole("link", { name: /\(\d{3}\) \d{3}-\d{4}/ })).toHaveAttribute(
      "href",
      /^tel:/,
    );
    await expect(office).toContainText("(fax)");
  });

  test("validates once touched and flags blocked addresses; Send is never disabled and a refused send says why", async ({
    page,
  }) => {
    await visit(page, "/contact-us");
    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeEnabled();

    await field(page, "First name").focus();
    await field(page, "Last name").focus();
    await expect(page.getByText("Please enter your first name.")).toBeVisible();
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toHaveCount(0);

    const email = field(page, "Email");
    await email.fill("ann@");
    await email.blur();
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    await field(page, "First name").fill("Ann");
    await field(page, "Last name").fill("Lee");
    await field(page, "Subject").fill("A question");
    // On the content's block list (@mailinator.com): flagged with the same message, and not sent.
    await email.fill("ann@mailinator.com");
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toBeVisible();
    await send.click();
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await email.fill("ann@example.com");
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toHaveCount(0);
    await expect(send).toBeEnabled();
  });

  test("sends to the staff inbox, says so in a dialog, then goes home", async ({
    page,
    browser,
    baseURL,
  }) => {
    const subject = `Permian package ${stamp()}`;
    await visit(page, "/contact-us");
    await field(page, "First name").fill("Ann");
    await field(page, "Last name").fill("Lee");
    await field(page, "Email").fill("ann.lee@example.com");
    await field(page, "Subject").fill(subject);
    await field(page, "Message").fill("We hold 2,400 net acres in Reeves County.");
    await page.getByRole("button", { name: "Send" }).click();

    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(CONTACT_SENT);
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(page).toHaveURL(/\/home$/);

    const mail = await readMail(browser, baseURL ?? "", STAFF_INBOX, new RegExp(subject));
    expect(mail.text).toContain("ann.lee@example.com");
    expect(mail.text).toContain("2,400 net acres in Reeves County");
  });

  test("works before JavaScript: the page action sends and confirms", async ({ request, baseURL }) => {
    const response = await request.post("/contact-us", {
      headers: { origin: baseURL ?? "" },
      form: {
        firstName: "Bo",
        lastName: "Diaz",
        email: "bo@example.com",
        subject: `No script ${stamp()}`,
        message: "",
      },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(CONTACT_SENT);
    const blocked = await request.post("/contact-us", {
      headers: { origin: baseURL ?? "" },
      form: { firstName: "Bo", lastName: "Diaz", email: "x@mailinator.com", subject: "Hi", message: "" },
    });
    expect(blocked.status()).toBe(400);
    expect(await blocked.text()).toContain(VALID_EMAIL_REQUIRED);
  });
});

test.describe("seller page", () => {
  test("validates, thanks the visitor by the firm's name, and clears the form", async ({
    page,
    browser,
    baseURL,
  }) => {
    const company = `Lee Minerals ${stamp()}`;
    await visit(page, "/seller");
    await expect(page.getByRole("heading", { level: 1, name: SELL_YOUR_ASSETS })).toBeVisible();

    await page.getByRole("button", { name: "Send inquiry" }).click();
    await expect(page.getByText("Please enter your first name.")).toBeVisible();
    await expect(page.getByText("Please enter your last name.")).toBeVisible();
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toBeVisible();

    await field(page, "First name").fill("Ann");
    await field(page, "Last name").fill("Lee");
    await field(page, "Company").fill(company);
    // §5: a dot and a two-letter ending are required.
    await field(page, "Email").fill("ann@lee-minerals");
    await field(page, "Phone").click();
    await expect(page.getByText(VALID_EMAIL_REQUIRED)).toBeVisible();
    await field(page, "Email").fill("ann@lee-minerals.com");
    await field(page, "Phone").fill("4325550142");
    await field(page, "Tell us about the assets").fill("640 net mineral acres in Loving County.");
    await page.getByRole("button", { name: "Send inquiry" }).click();

    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Thank you for contacting AEA");
    await expect(dialog).toContainText(SELLER_INQUIRY_SENT);
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(dialog).toBeHidden();
    for (const label of ["First name", "Last name", "Company", "Email", "Phone", "Tell us about the assets"])
      await expect(field(page, label)).toHaveValue("");
    await expect(page).toHaveURL(/\/seller$/);

    const mail = await readMail(browser, baseURL ?? "", STAFF_INBOX, new RegExp(company));
    expect(mail.text).toContain("4325550142");
    expect(mail.text).toContain("640 net mineral acres in Loving County.");
  });

  test("offers four PDF brochures, and a download is the only analytics event", async ({ page, request }) => {
    await visit(page, "/seller");
    const links = page.getByRole("link", { name: /Download PDF/ });
    await expect(links).toHaveCount(4);
    for (const brochure of SELLER_BROCHURES) {
      const link = page.getByRole("link").filter({ hasText: brochure.title });
      const href = await link.getAttribute("href");
      expect(href).toBe(`/media/brochures/${brochure.slug}.pdf`);
      const response = await request.get(href ?? "");
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([]);
    const download = page.waitForEvent("download");
    await page.getByRole("link").filter({ hasText: "Buyer Network" }).click();
    expect((await download).suggestedFilename()).toBe("buyer-network.pdf");
    const events = await page.evaluate(
      () => (window as { dataLayer?: { event: string; file_url: string }[] }).dataLayer,
    );
    expect(events).toEqual([
      expect.objectContaining({ event: "pdf_download", file_url: "/media/brochures/buyer-network.pdf" }),
    ]);
  });
});

test.describe("resources", () => {
  test("the marketplace counts active deals by type and links into the filtered list", async ({ page }) => {
    await visit(page, "/resources/marketplace");
    await expect(page.getByRole("heading", { level: 1, name: "The marketplace" })).toBeVisible();
    const producing = page.getByRole("link", { name: /Producing Properties\s+\d+ active deals?/ });
    await expect(producing).toHaveAttribute("href", "/deals/public?type=producing");
    await expect(page.getByRole("link", { name: /^Canada\s+\d+$/ }).first()).toHaveAttribute(
      "href",
      "/deals/public?location=canada",
    );
    await expect(page.getByRole("link", { name: /Research/ }).last()).toHaveAttribute(
      "href",
      "/deals/research",
    );
    await expect(page.getByRole("link", { name: /Search by map/ })).toHaveAttribute(
      "href",
      "/deals/public/map",
    );
    await producing.click();
    await expect(page).toHaveURL(/\/deals\/public\?type=producing$/);
  });

  test("posts list with dates, summaries, pictures and tags; a tag narrows the list", async ({ page }) => {
    await visit(page, "/resources/posts/all");
    const cards = page.getByRole("article");
    await expect(cards.filter({ hasText: "Inside a Virtual Data Room" })).toContainText("August 18, 2026");
    await expect(cards.filter({ hasText: "Inside a Virtual Data Room" })).toContainText(
      "How we organise a data room",
    );
    await expect(cards.first().locator("img")).toHaveAttribute("src", /^\/assets\//);
    const total = await cards.count();
    expect(total).toBeGreaterThan(3);

    await page
      .getByRole("navigation", { name: "Filter posts by tag" })
      .getByRole("link", { name: /Permian/ })
      .click();
    await expect(page).toHaveURL(/\?tag=permian$/);
    await expect(page.getByRole("heading", { level: 1, name: "Posts: Permian" })).toBeVisible();
    await expect(cards).not.toHaveCount(total);
    for (const card of await cards.all())
      await expect(card.getByRole("list", { name: "Tags" })).toContainText("Permian");

    const unknown = await page.goto("/resources/posts/all?tag=no-such-tag");
    expect(unknown?.status()).toBe(404);
  });

  test("a post shows its sanitised body, byline and tags", async ({ page }) => {
    await visit(page, "/resources/posts/all");
    await page.getByRole("link", { name: "Inside a Virtual Data Room" }).click();
    await expect(page).toHaveURL(/\/resources\/posts\/inside-a-virtual-data-room$/);
    await expect(page.getByRole("heading", { level: 1, name: "Inside a Virtual Data Room" })).toBeVisible();
    await expect(page.getByText("Every data room follows the same index")).toBeVisible();
    await expect(page.getByText("By Rebecca Lindqvist")).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).first()).toContainText("Data Rooms");
    expect((await page.goto("/resources/posts/no-such-post"))?.status()).toBe(404);
  });

  test("press releases list date, title, body and a link to the full release", async ({ page }) => {
    await visit(page, "/resources/press-releases");
    const release = page.getByRole("article").filter({ hasText: "Anticline Opens Denver Office" });
    await expect(release).toContainText("April 20, 2026");
    await expect(release).toContainText("The office serves sellers in the Rockies");
    await expect(release.getByRole("link", { name: /Read the full release/ })).toHaveAttribute(
      "href",
      /^https:\/\//,
    );
    await expect(page.getByRole("article").first()).toContainText("October 6, 2026");
    await expect(page.getByText("Anticline Announces 2024 Results")).toHaveCount(0);
  });
});

test.describe("chat widget", () => {
  const launcher = (page: Page) => page.getByRole("button", { name: "Chat with us" });

  test("shows on /home with a welcome message and delivers a visitor's message to staff", async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Sam ${stamp()}`;
    await visit(page, "/home");
    await expect(launcher(page)).toBeVisible();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: new RegExp(`${CHAT_WELCOME}|${CHAT_WELCOME_SHORT}`.replace(/[?!]/g, "\\$&")) }),
    ).toBeVisible();

    await launcher(page).click();
    const panel = page.getByRole("dialog", { name: "Chat with AEA" });
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: "Send message" }).click();
    await expect(panel.getByText("Please enter your name.")).toBeVisible();
    await panel.getByLabel("Name").fill(name);
    await panel.getByLabel("Email").fill("sam@example.org");
    await panel.getByLabel("Message").fill("Is the Midland package still open?");
    await panel.getByRole("button", { name: "Send message" }).click();
    await expect(panel.getByRole("status")).toContainText(`Thanks, ${name}.`);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    const mail = await readMail(browser, baseURL ?? "", STAFF_INBOX, new RegExp(`Chat message from ${name}`));
    expect(mail.text).toContain("Is the Midland package still open?");
    expect(mail.text).toContain("/home");
  });

  test("on a phone the welcome steps aside once the visitor scrolls; the button stays", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/home");
    const welcome = page.getByRole("status").filter({ hasText: CHAT_WELCOME_SHORT });
    await expect(welcome).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect(welcome).toHaveCount(0);
    await expect(launcher(page)).toBeVisible();
  });

  test("shows on deal pages without the welcome", async ({ page, request }) => {
    test.slow(); // two heavy pages, each checked by axe
    const deals = (await (await request.get("/api/Advisors/GetDeals")).json()) as { ListingId: number }[];
    for (const path of ["/deals/public", `/deals/${deals[0].ListingId}`]) {
      await visit(page, path);
      await expect(launcher(page), path).toBeVisible();
      await expect(page.getByText(CHAT_WELCOME_SHORT)).toHaveCount(0);
    }
  });

  test("does not show on other pages", async ({ page }) => {
    test.slow();
    for (const path of ["/contact-us", "/seller", "/resources/posts/all", "/team"]) {
      await page.goto(path);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(launcher(page), path).toHaveCount(0);
    }
  });

  test("counts full page loads in local storage", async ({ page }) => {
    await visit(page, "/seller");
    const first = Number(await page.evaluate(() => localStorage.getItem("aea.pageLoads")));
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect
      .poll(() => page.evaluate(() => Number(localStorage.getItem("aea.pageLoads"))))
      .toBe(first + 1);
  });
});

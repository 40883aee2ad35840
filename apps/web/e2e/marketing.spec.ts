import { readFile } from "node:fs/promises";
import { PAGE_MISSING } from "@aea/domain";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

/**
 * The marketing pages (spec §2 home, services, team, pitchbooks). Texts and links come from the spec;
 * content-driven parts are compared with what the content API (`/items/…`) answers, and the number
 * formats of §9 are worked out here, never with the app's own helpers.
 */

// The first visits of a fresh server render every picture size with sharp; give them room.
test.describe.configure({ timeout: 60_000 });

type Item = Record<string, unknown>;

async function items(request: APIRequestContext, path: string): Promise<Item[]> {
  const response = await request.get(`/items/${path}`);
  expect(response.ok(), `/items/${path}`).toBe(true);
  return ((await response.json()) as { data: Item[] }).data;
}

async function singleton(request: APIRequestContext, path: string): Promise<Item> {
  const response = await request.get(`/items/${path}`);
  expect(response.ok(), `/items/${path}`).toBe(true);
  return ((await response.json()) as { data: Item }).data;
}

interface Deal {
  ListingId: number;
  Header: string;
  status: string | null;
  sold?: boolean;
  hasVDR: boolean;
  hasLogoImage: boolean;
  tombstoneUrl: string | null;
}

const isPhone = (project: string) => project === "phone";

/** §9: prices with 2 decimals; percent with 2 decimals and a sign on a positive change. */
function expectedPrice(price: number): string {
  return price.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
function expectedChange(price: number, previous: number): { text: string; spoken: string; trend: string } {
  const percent = Math.round(((price - previous) / Math.abs(previous)) * 10000) / 100;
  const digits = Math.abs(percent).toFixed(2);
  if (percent > 0) return { text: `+${digits}%`, spoken: `up ${digits}%`, trend: "up" };
  if (percent < 0) return { text: `-${digits}%`, spoken: `down ${digits}%`, trend: "down" };
  return { text: "0.00%", spoken: "unchanged", trend: "flat" };
}

function hrefOf(locator: Locator) {
  return locator.getAttribute("href");
}

async function servicesInOrder(request: APIRequestContext) {
  const list = await items(request, "service?fields=path,title,seo_description,sort&sort=sort,id&limit=-1");
  return list.map((s) => ({
    path: String(s.path),
    title: String(s.title),
    description: String(s.seo_description ?? ""),
  }));
}

async function expectServicePage(page: Page, service: { path: string; title: string }) {
  await expect(page).toHaveURL(new RegExp(`/services/${service.path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.title);
}

test.describe("home page", () => {
  test("hidden main heading, and the page's SEO title, description, keywords and share image from the content", async ({
    page,
    request,
  }) => {
    const home = await singleton(request, "home_page?fields=seo_title,seo_description,seo_keywords");
    await visit(page, "/home");
    const heading = page.getByRole("heading", {
      level: 1,
      name: "Oil and Gas Acquisitions and Divestiture Advisory Services",
    });
    await expect(heading).toBeAttached();
    await expect(heading).toHaveClass(/sr-only/);

    await expect(page).toHaveTitle(/^Anticline Energy Advisors \| /);
    const seoTitle = String(home.seo_title).replace(/\s*\|\s*Anticline Energy Advisors$/, "");
    await expect(page).toHaveTitle(`Anticline Energy Advisors | ${seoTitle}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      String(home.seo_description),
    );
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", String(home.seo_keywords));
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/^https?:\/\/[^/]+\/assets\/[0-9a-f-]+\?/);
    const image = await request.get(ogImage ?? "");
    expect(image.ok()).toBe(true);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
  });

  test("energy prices: name, price with 2 decimals, signed change in green or red, spoken as up/down", async ({
    page,
    request,
  }) => {
    const prices = await items(request, "energy_prices?sort=sort,id&limit=-1");
    expect(prices.length).toBeGreaterThan(0);
    await visit(page, "/home");
    const strip = page.getByRole("region", { name: "Energy prices" });
    const rows = strip.getByRole("listitem");
    await expect(rows).toHaveCount(prices.length);
    for (const [index, item] of prices.entries()) {
      const price = Number(item.price);
      const previous = Number(item.previous_price);
      const change = expectedChange(price, previous);
      const row = rows.nth(index);
      await expect(row).toContainText(String(item.name));
      await expect(row.locator(".energy-price-value")).toHaveText(expectedPrice(price));
      await expect(row.locator(".energy-price-change")).toHaveText(change.text);
      await expect(row).toHaveAttribute("data-trend", change.trend);
      await expect(row.getByText(change.spoken, { exact: true })).toBeAttached();
      const colour = await row.locator(".energy-price-change").evaluate((el) => getComputedStyle(el).color);
      if (change.trend === "up") expect(colour).toBe("rgb(19, 115, 51)");
      if (change.trend === "down") expect(colour).toBe("rgb(179, 38, 30)");
    }
    // The demo has both directions, so both colours are seen.
    expect(prices.some((p) => Number(p.price) > Number(p.previous_price))).toBe(true);
    expect(prices.some((p) => Number(p.price) < Number(p.previous_price))).toBe(true);
  });

  test("hero carousel: one slide per hero item, body and buttons from the content, first banner preloaded", async ({
    page,
    request,
  }, testInfo) => {
    const slides = await items(request, "hero_slider?fields=title,links,click_url&sort=sort,id&limit=-1");
    expect(slides.length).toBeGreaterThan(1);
    await visit(page, "/home");
    const hero = page.getByRole("region", { name: "Featured" });
    await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(slides.length);

    const first = hero.locator('[aria-roledescription="slide"]').first();
    const links = slides[0].links as { title: string; url: string }[];
    for (const link of links) {
      await expect(first.getByRole("link", { name: link.title, exact: true })).toHaveAttribute(
        "href",
        link.url,
      );
    }

    const banner = first.locator("img").first();
    await expect(banner).toHaveAttribute("width", "1900");
    await expect(banner).toHaveAttribute("height", "750");
    await expect(banner).toHaveAttribute("fetchpriority", "high");
    await expect(banner).toHaveAttribute("loading", "eager");
    expect(await banner.getAttribute("srcset")).toMatch(
      /\/assets\/[0-9a-f-]+\?width=1920&height=760&fit=cover/,
    );
    await expect(page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')).toHaveCount(1);
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Arrows hidden under 768px (§9).
    const next = hero.getByRole("button", { name: "Next slide" });
    if (isPhone(testInfo.project.name)) await expect(next).toBeHidden();
    else await expect(next).toBeVisible();
  });

  test("deal-type buttons: Research, All Assignments, PP, DV, L, RR, M and Search By Map with their links", async ({
    page,
  }) => {
    await visit(page, "/home");
    const row = page.getByRole("navigation", { name: "Deal types" });
    const expected: [RegExp, string][] = [
      [/^Research$/, "/deals/research"],
      [/^All Assignments$/, "/deals/public"],
      [/^PP\b/, "/deals/public?type=producing"],
      [/^DV\b/, "/deals/public?type=prospects"],
      [/^L\b/, "/deals/public?type=leasehold"],
      [/^RR\b/, "/deals/public?type=royalties"],
      [/^M\b/, "/deals/public?type=minerals"],
      [/Search By Map$/, "/deals/public/map"],
    ];
    await expect(row.getByRole("link")).toHaveCount(expected.length);
    for (const [index, [name, href]] of expected.entries()) {
      const link = row.getByRole("link").nth(index);
      await expect(link).toHaveAccessibleName(name);
      expect(await hrefOf(link)).toBe(href);
    }
    await row.getByRole("link", { name: /^RR\b/ }).click();
    await expect(page).toHaveURL(/\/deals\/public\?type=royalties$/);
  });

  test("key items: title, country buttons and the four cards with their texts and links", async ({
    page,
  }) => {
    await visit(page, "/home");
    const block = page.locator("section", {
      has: page.getByRole("heading", { name: "Four Decades Successfully Marketing Oil & Gas Properties" }),
    });
    await expect(block).toBeVisible();
    for (const [name, location] of [
      ["United States", "usa"],
      ["Canada", "canada"],
      ["International", "international"],
    ]) {
      expect(await hrefOf(block.getByRole("link", { name, exact: true }))).toBe(
        `/deals/public?location=${location}`,
      );
    }
    const cards: [string, string, string][] = [
      ["Largest Buyer Network", "~$9.0B transacted", "/pitchbooks/products-services"],
      ["Most Experienced Team", ">300yrs", "/team"],
      ["Proven Processes", "1,000s of closings", "/pitchbooks/tombstones"],
      ["Are You A Buyer?", "Register Now", "/buyer/signup"],
    ];
    for (const [title, figure, href] of cards) {
      const card = block.getByRole("link", { name: new RegExp(`^${title.replace(/[?$.]/g, "\\$&")}`) });
      await expect(card).toContainText(title);
      await expect(card).toContainText(figure);
      expect(await hrefOf(card)).toBe(href);
    }
    await block.getByRole("link", { name: /^Most Experienced Team/ }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
  });

  test("Current Assignments: logos of public unsold deals with a data room and a logo, each opening in a new tab; hidden on phones", async ({
    page,
    request,
  }, testInfo) => {
    const deals = (await (await request.get("/api/Advisors/GetDeals")).json()) as Deal[];
    const expected = deals
      .filter(
        (d) => d.hasVDR && d.hasLogoImage && d.sold !== true && d.status?.trim().toUpperCase() !== "SOLD",
      )
      .map((d) => `/deals/${d.ListingId}`);
    expect(expected.length).toBeGreaterThan(0);
    await visit(page, "/home");
    const section = page.locator("section", {
      has: page.getByRole("heading", { name: "Current Assignments" }),
    });
    if (isPhone(testInfo.project.name)) {
      await expect(section).toBeHidden();
      return;
    }
    await expect(section).toBeVisible();
    const links = section.locator('a[href^="/deals/"]');
    await expect(links).toHaveCount(expected.length);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.toSorted()).toEqual(expected.toSorted());
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    const [popup] = await Promise.all([page.waitForEvent("popup"), links.first().click()]);
    await expect(popup).toHaveURL(new RegExp(`${hrefs[0]}$`));
    await popup.close();
  });

  test("divestment block lists the five services", async ({ page }) => {
    await visit(page, "/home");
    const block = page.locator("section", {
      has: page.getByRole("heading", { name: "Specializing in Divestment Services" }),
    });
    await expect(block.getByRole("listitem")).toHaveText([
      "Premier Packaging",
      "Data Room Hosting",
      "Aggressive Marketing",
      "Unparalleled Outreach",
      "Personal Touch",
    ]);
  });

  test("client-logo and case-history carousels from the home content; case histories hidden under 600px", async ({
    page,
    request,
  }, testInfo) => {
    const home = await singleton(
      request,
      "home_page?fields=client_logos.directus_files_id.title,case_history_images.directus_files_id.title",
    );
    const titles = (rows: unknown) =>
      (rows as { directus_files_id: { title: string } }[]).map((r) => r.directus_files_id.title);
    await visit(page, "/home");

    const clients = page.getByRole("region", { name: "Client logos" });
    await expect(clients.locator('[aria-roledescription="slide"]')).toHaveCount(
      titles(home.client_logos).length,
    );
    for (const title of titles(home.client_logos)) {
      await expect(clients.getByRole("img", { name: title, exact: true })).toBeAttached();
    }

    const cases = page.locator("section", { has: page.getByRole("heading", { name: "Case Histories" }) });
    if (isPhone(testInfo.project.name)) {
      await expect(cases).toBeHidden();
      return;
    }
    await expect(cases).toBeVisible();
    await expect(cases.locator("figcaption")).toHaveText(titles(home.case_history_images));
    for (const img of await cases.locator("img").all()) {
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
    }
  });

  test("call to action goes to the services; Technical Services' Learn More to the capabilities pitchbook", async ({
    page,
    request,
  }) => {
    const [first] = await servicesInOrder(request);
    await visit(page, "/home");
    const cta = page.locator("section", {
      has: page.getByRole("heading", { name: "Turn Non-Core Oil & Gas Assets Into Cash" }),
    });
    const ctaLink = cta.getByRole("link");
    expect(await hrefOf(ctaLink)).toBe("/services");

    const technical = page.locator("section", {
      has: page.getByRole("heading", { name: "Technical Services" }),
    });
    await expect(technical.getByRole("img")).toBeAttached();
    const learnMore = technical.getByRole("link", { name: /^Learn More/ });
    await expect(learnMore).toContainText("Learn More");
    expect(await hrefOf(learnMore)).toBe("/pitchbooks/capabilities-pitchbook");
    await learnMore.click();
    await expect(page).toHaveURL(/\/pitchbooks\/capabilities-pitchbook$/);
    await expect(page.getByRole("heading", { level: 1, name: "Capabilities Pitchbook" })).toBeVisible();

    await visit(page, "/home");
    await page
      .locator("section", {
        has: page.getByRole("heading", { name: "Turn Non-Core Oil & Gas Assets Into Cash" }),
      })
      .getByRole("link")
      .click();
    await expectServicePage(page, first);
  });

  test("the page's blocks come in the spec's order", async ({ page }) => {
    await visit(page, "/home");
    const order = await page
      .locator("main h2")
      .evaluateAll((hs) => hs.map((h) => h.textContent?.trim() ?? ""));
    const position = (text: string) => order.findIndex((h) => h.startsWith(text));
    const blocks = [
      "Four Decades Successfully Marketing Oil & Gas Properties",
      "Current Assignments",
      "Specializing in Divestment Services",
      "Our Clients",
      "Case Histories",
      "Turn Non-Core Oil & Gas Assets Into Cash",
      "Technical Services",
    ];
    const positions = blocks.map(position);
    expect(
      positions.every((p) => p >= 0),
      `headings: ${order.join(" / ")}`,
    ).toBe(true);
    expect(positions).toEqual(positions.toSorted((a, b) => a - b));
  });
});

test.describe("home page on narrow screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("at 390px the price strip and hero show; Current Assignments, case histories and hero arrows do not", async ({
    page,
  }) => {
    await visit(page, "/home");
    await expect(page.getByRole("region", { name: "Energy prices" })).toBeVisible();
    const hero = page.getByRole("region", { name: "Featured" });
    await expect(hero).toBeVisible();
    await expect(hero.getByRole("button", { name: "Next slide" })).toBeHidden();
    await expect(
      page.locator("section", { has: page.getByRole("heading", { name: "Current Assignments" }) }),
    ).toBeHidden();
    await expect(
      page.locator("section", { has: page.getByRole("heading", { name: "Case Histories" }) }),
    ).toBeHidden();
    await expect(page.getByRole("region", { name: "Client logos" })).toBeVisible();
  });

  test("case histories appear from 600px, the hero's arrows from 768px (spec §2, §9)", async ({ page }) => {
    await visit(page, "/home");
    const cases = page.locator("section", { has: page.getByRole("heading", { name: "Case Histories" }) });
    const arrow = page.getByRole("region", { name: "Featured" }).getByRole("button", { name: "Next slide" });
    for (const [width, casesShown, arrowsShown] of [
      [599, false, false],
      [600, true, false],
      [767, true, false],
      [768, true, true],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      if (casesShown) await expect(cases, `case histories at ${width}px`).toBeVisible();
      else await expect(cases, `case histories at ${width}px`).toBeHidden();
      if (arrowsShown) await expect(arrow, `hero arrows at ${width}px`).toBeVisible();
      else await expect(arrow, `hero arrows at ${width}px`).toBeHidden();
    }
  });
});

test.describe("services", () => {
  test("/services shows the first service; previous is disabled there; next walks the slides; the last returns to the first", async ({
    page,
    request,
  }) => {
    const services = await servicesInOrder(request);
    expect(services.length).toBeGreaterThan(2);
    await visit(page, "/services");
    await expectServicePage(page, services[0]);

    const slides = page.getByRole("navigation", { name: "Service slides" });
    await expect(slides.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expect(slides.getByRole("link", { name: "Return to first" })).toHaveCount(0);

    await slides.getByRole("link", { name: /^Next/ }).click();
    await expectServicePage(page, services[1]);
    await expect(slides.getByRole("link", { name: /^Previous/ })).toHaveAttribute(
      "href",
      `/services/${services[0].path}`,
    );

    const last = services[services.length - 1];
    await visit(page, `/services/${last.path}`);
    await expectServicePage(page, last);
    await expect(slides.getByRole("link", { name: /^Next/ })).toHaveCount(0);
    const back = slides.getByRole("link", { name: /^Return to first/ });
    await expect(back).toHaveAttribute("href", `/services/${services[0].path}`);
    await back.click();
    await expectServicePage(page, services[0]);
  });

  test("every service is a tab; the current one is marked; each page has its own SEO description", async ({
    page,
    request,
  }) => {
    const services = await servicesInOrder(request);
    await visit(page, `/services/${services[2].path}`);
    const tabs = page.getByRole("navigation", { name: "Services", exact: true });
    await expect(tabs.getByRole("link")).toHaveText(services.map((s) => s.title));
    await expect(tabs.getByRole("link", { name: services[2].title })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(`Anticline Energy Advisors | ${services[2].title}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      services[2].description,
    );

    await tabs.getByRole("link", { name: services[3].title }).click();
    await expectServicePage(page, services[3]);
  });

  test("a slide shows its body title, body, banner, side pictures and underline colour", async ({
    page,
    request,
  }) => {
    const [service] = await items(
      request,
      "service?fields=path,body_title,underline_color,body&sort=sort,id&limit=1",
    );
    await visit(page, `/services/${service.path}`);
    const article = page.getByRole("article");
    await expect(article.getByRole("heading", { level: 2, name: String(service.body_title) })).toBeVisible();
    const firstParagraph = /<p>(.*?)<\/p>/.exec(String(service.body))?.[1] ?? "";
    await expect(article.getByText(firstParagraph.slice(0, 40))).toBeVisible();
    const colour = await page
      .getByTestId("service-underline")
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const hex = String(service.underline_color).replace("#", "");
    const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    expect(colour).toBe(`rgb(${r}, ${g}, ${b})`);
    // Banner plus three side pictures, all through the asset endpoint with their sizes set.
    const images = article.locator("img");
    await expect(images).toHaveCount(4);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("src", /^\/assets\//);
      await expect(img).toHaveAttribute("width", /\d+/);
    }
  });

  test("the arrow keys turn the slides too", async ({ page, request }) => {
    const services = await servicesInOrder(request);
    await visit(page, `/services/${services[1].path}`);
    await page.keyboard.press("ArrowRight");
    await expectServicePage(page, services[2]);
    await page.keyboard.press("ArrowLeft");
    await expectServicePage(page, services[1]);
  });

  test("an unknown service redirects to the first", async ({ page, request }) => {
    const [first] = await servicesInOrder(request);
    const response = await request.get("/services/no-such-service", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/services/${first.path}`);
    await visit(page, "/services/no-such-service");
    await expectServicePage(page, first);
  });
});

test.describe("team", () => {
  test("banner text, team headings and a card per member with photo, name, title, location, mailto and experiences", async ({
    page,
    request,
  }) => {
    const teamPage = await singleton(request, "team_page?fields=banner,teams.*,teams.members.*");
    const teams = teamPage.teams as {
      name: string;
      show_name: boolean;
      members: {
        name: string;
        title: string;
        location: string;
        email: string | null;
        experiences: { item: string }[];
      }[];
    }[];
    await visit(page, "/team");
    await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
    await expect(page.getByText(String(teamPage.banner))).toBeVisible();

    const cards = page.locator("article.team-member");
    await expect(cards).toHaveCount(teams.reduce((n, t) => n + t.members.length, 0));
    for (const team of teams) {
      const heading = page.getByRole("heading", { level: 2, name: team.name, exact: true });
      if (team.show_name) await expect(heading).toBeVisible();
      else await expect(heading).toHaveCount(0);
      for (const member of team.members) {
        const card = cards.filter({ has: page.getByRole("heading", { name: member.name, exact: true }) });
        await expect(card).toHaveCount(1);
        await expect(card.getByRole("img", { name: `Photo of ${member.name}` })).toBeVisible();
        await expect(card).toContainText(member.title);
        await expect(card).toContainText(member.location);
        if (member.email) {
          await expect(card.getByRole("link", { name: member.email })).toHaveAttribute(
            "href",
            `mailto:${member.email}`,
          );
        }
        await expect(card.locator("ul li")).toHaveText(member.experiences.map((e) => e.item));
      }
    }
  });
});

test.describe("pitchbooks", () => {
  test("/pitchbooks opens products and services; each pitchbook shows its title, description and cover", async ({
    page,
    request,
  }) => {
    const books = await items(request, "flipbook?fields=path,title,description,pdf&limit=-1");
    await visit(page, "/pitchbooks");
    await expect(page).toHaveURL(/\/pitchbooks\/products-services$/);

    for (const path of ["products-services", "capabilities-pitchbook"]) {
      const book = books.find((b) => b.path === path) as Item;
      await visit(page, `/pitchbooks/${path}`);
      await expect(page.getByRole("heading", { level: 1, name: String(book.title) })).toBeVisible();
      await expect(page.getByText(String(book.description))).toBeVisible();
      await expect(page.getByRole("img", { name: `Cover of ${book.title}` })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Pitchbooks", exact: true });
      await expect(tabs.getByRole("link", { name: String(book.title) })).toHaveAttribute(
        "aria-current",
        "page",
      );
      // The download link is there exactly when the pitchbook has a PDF.
      await expect(page.getByRole("link", { name: /Download PDF/ })).toHaveCount(book.pdf ? 1 : 0);
    }
  });

  test("Download PDF hands over the pitchbook's PDF, and the download is the one analytics event", async ({
    page,
    request,
  }) => {
    const [book] = await items(
      request,
      "flipbook?fields=title,pdf.id,pdf.filename_download&filter[path][_eq]=tombstones",
    );
    const pdf = book.pdf as { id: string; filename_download: string };
    await visit(page, "/pitchbooks/tombstones");
    expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([]);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /Download PDF/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(pdf.filename_download);
    expect(pdf.filename_download).toBe("anticline-tombstones.pdf");
    const bytes = await readFile((await file.path()) ?? "");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const events = await page.evaluate(
      () => (window as { dataLayer?: { event: string; file_url: string }[] }).dataLayer,
    );
    expect(events).toEqual([
      expect.objectContaining({ event: "pdf_download", file_url: `/assets/${pdf.id}?download=true` }),
    ]);
  });

  test("products and services lists every service", async ({ page, request }) => {
    const services = await servicesInOrder(request);
    await visit(page, "/pitchbooks/products-services");
    const list = page.locator("section", {
      has: page.getByRole("heading", { name: "What we do for sellers" }),
    });
    for (const service of services) {
      await expect(list.getByRole("link", { name: new RegExp(`^${service.title}`) })).toHaveAttribute(
        "href",
        `/services/${service.path}`,
      );
    }
  });

  test("tombstones shows the home page's tombstones and those of sold deals", async ({ page, request }) => {
    const home = await singleton(request, "home_page?fields=tombstone_images.directus_files_id.title");
    const picked = (home.tombstone_images as { directus_files_id: { title: string } }[]).map(
      (t) => t.directus_files_id.title,
    );
    const deals = (await (await request.get("/api/Advisors/GetDeals")).json()) as Deal[];
    const sold = deals.filter((d) => d.tombstoneUrl && (d.sold || d.status?.toUpperCase() === "SOLD"));
    await visit(page, "/pitchbooks/tombstones");
    await expect(page.getByRole("heading", { level: 1, name: "Tombstones" })).toBeVisible();
    const grid = page.getByRole("region", { name: "Closed transactions" });
    const images = grid.getByRole("img");
    for (const title of picked)
      await expect(grid.getByRole("img", { name: title, exact: true })).toBeAttached();
    // Each sold deal appears once: by its own tombstone, or by a picked one titled after it.
    expect(await images.count()).toBeGreaterThanOrEqual(sold.length);
    expect(await images.count()).toBeLessThanOrEqual(sold.length + picked.length);
    const first = images.first();
    await expect(first).toHaveAttribute("width", "600");
    await expect(first).toHaveAttribute("height", "600");
    await expect(images.last()).toHaveAttribute("loading", "lazy");
  });

  test("any other pitchbook path is the page-missing screen", async ({ page }) => {
    const response = await page.goto("/pitchbooks/brochure-2019");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: PAGE_MISSING })).toBeVisible();
  });

  test("the sitemap lists the team and pitchbook pages", async ({ request, baseURL }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    for (const path of [
      "/team",
      "/pitchbooks/products-services",
      "/pitchbooks/tombstones",
      "/pitchbooks/capabilities-pitchbook",
    ]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
  });
});

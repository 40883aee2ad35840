import { expect, isPhone, test, visit } from "./fixtures";
import {
  type Deal,
  expectedChange,
  expectedPrice,
  expectServicePage,
  hrefOf,
  items,
  servicesInOrder,
  singleton,
} from "./marketing-content";

/**
 * The home page (spec §2 home), on a desktop and on narrow screens.
 * Texts and links come from the spec; content-driven parts are compared with what the content API
 * (`/items/…`) answers (marketing-content.ts), never with the app's own helpers.
 */

// The first visits of a fresh server render every picture size with sharp; give them room.
test.describe.configure({ timeout: 60_000 });

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

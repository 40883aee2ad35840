import { expect, test, visit } from "./fixtures";
import { expectServicePage, items, servicesInOrder } from "./marketing-content";

/**
 * The services pages (spec §2 services).
 * Texts and links come from the spec; content-driven parts are compared with what the content API
 * (`/items/…`) answers (marketing-content.ts), never with the app's own helpers.
 */

// The first visits of a fresh server render every picture size with sharp; give them room.
test.describe.configure({ timeout: 60_000 });

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

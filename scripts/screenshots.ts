// Screenshots of pages at phone and laptop widths, for looking at what we built:
//   npm start (in another shell), then: npx node scripts/screenshots.ts /home /deals/public …
// Writes PNGs to ./screenshots/ (ignored by git). LOGIN=email:password signs in first (staff pages).
import { mkdirSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_SERVER_FLAGS } from "./chromium.ts";
import { drawEveryBand } from "./draw-every-band.ts";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const paths = process.argv.slice(2);
const widths = (process.env.WIDTHS ?? "390,1366").split(",").map(Number);
mkdirSync("screenshots", { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_SERVER_FLAGS,
});
/** Scrolls down a screen at a time and back, so lazy images load and carousels start, as for a reader. */
async function scrollThrough(page: Page): Promise<void> {
  const height = Number(await page.evaluate("document.documentElement.scrollHeight"));
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.mouse.wheel(0, step);
    await page.waitForTimeout(100);
  }
  await page.evaluate("window.scrollTo(0, 0)");
  await page.waitForLoadState("networkidle").catch(() => undefined);
}

for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.addCookies([{ name: "userAgreed", value: "true", url: base }]);
  if (process.env.LOGIN) {
    const [email, password] = process.env.LOGIN.split(":");
    const login = await context.request.post(`${base}/api/Auth/Login`, {
      headers: { origin: base },
      data: { email, password, rememberMe: false },
    });
    if (!login.ok()) throw new Error(`LOGIN: ${login.status()} ${await login.text()}`);
  }
  const page = await context.newPage();
  for (const path of paths) {
    await page.goto(base + path);
    await page
      .locator("html[data-hydrated]")
      .waitFor({ state: "attached", timeout: 15_000 })
      .catch(() => undefined);
    await scrollThrough(page);
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 400));
    await drawEveryBand(page);
    const name = `${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root"}-${width}.png`;
    await page.screenshot({ path: `screenshots/${name}`, fullPage: process.env.FULL !== "false" });
    console.log(`screenshots/${name}`);
  }
  await context.close();
}
await browser.close();

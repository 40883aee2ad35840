// Temporary: screenshots of the forms with a validation error showing (not committed).
import { chromium } from "@playwright/test";

const base = process.env.BASE_URL ?? "http://127.0.0.1:3211";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const width of [390, 1366]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  await context.addCookies([{ name: "userAgreed", value: "true", url: base }]);
  const page = await context.newPage();
  const shots: [string, string][] = [
    ["/login", "Log in"],
    ["/buyer/signup", "Create account"],
    ["/contact-us", "Send"],
    ["/seller", "Send inquiry"],
  ];
  for (const [path, button] of shots) {
    await page.goto(base + path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: button, exact: true }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/forms-shots/${path.replaceAll("/", "_")}-${width}.png`, fullPage: true });
  }
  await page.request.post(`${base}/api/Auth/Login`, {
    data: { email: "buyer@anticline.test", password: "Buyer123!", rememberMe: false },
    headers: { origin: base },
  });
  await page.goto(`${base}/buyer/profile`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("textbox", { name: "First name" }).fill("");
  await page.getByRole("button", { name: "Save profile" }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/forms-shots/_buyer_profile-${width}.png`, fullPage: true });
  await context.close();
}
await browser.close();

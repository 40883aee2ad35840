import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3202";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const b = await browser.newContext({ baseURL: base });
await b.request.post("/api/Auth/Login", { data: { email: "buyer@anticline.test", password: "Buyer123!", rememberMe: false }, headers: { origin: base } });
const me = await (await b.request.get("/api/Auth/CurrentUser")).json();
await b.close();
const ctx = await browser.newContext({ baseURL: base, viewport: { width: Number(process.argv[2] ?? 1366), height: 900 } });
await ctx.request.post("/api/Auth/Login", { data: { email: "admin@anticline.test", password: "Admin123!", rememberMe: false }, headers: { origin: base } });
const r = await ctx.request.post(`/admin/users/${me.id}`, { form: { intent: "impersonate" }, headers: { origin: base, referer: `${base}/admin/users/${me.id}` }, maxRedirects: 0 });
console.log("impersonate", r.status(), r.headers().location);
const page = await ctx.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text().slice(0, 300)));
page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 300)));
for (const path of (process.argv[3] ?? "/home").split(",")) {
  await page.goto(path);
  try { await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15000 }); console.log(path, "hydrated"); } catch { console.log(path, "NOT hydrated"); }
  if (process.argv[4]) await page.screenshot({ path: `${process.argv[4]}-${path.replaceAll("/", "_")}-${process.argv[2]}.png`, fullPage: false });
}
await browser.close();

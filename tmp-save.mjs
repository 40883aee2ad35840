import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3202";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const b = await browser.newContext({ baseURL: base });
await b.request.post("/api/Auth/Login", { data: { email: "buyer@anticline.test", password: "Buyer123!", rememberMe: false }, headers: { origin: base } });
const me = await (await b.request.get("/api/Auth/CurrentUser")).json();
await b.close();
for (const width of [390, 1366]) {
const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
await ctx.request.post("/api/Auth/Login", { data: { email: "admin@anticline.test", password: "Admin123!", rememberMe: false }, headers: { origin: base } });
await ctx.request.post(`/admin/users/${me.id}`, { form: { intent: "impersonate" }, headers: { origin: base, referer: `${base}/admin/users/${me.id}` }, maxRedirects: 0 });
const page = await ctx.newPage();
await page.goto("/buyer/profile");
await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
await page.getByRole("button", { name: "I Agree" }).click();
const save = page.getByRole("button", { name: "Save profile" });
await save.scrollIntoViewIfNeeded();
console.log("disabled", await save.isDisabled(), await save.getAttribute("title"));
await page.screenshot({ path: `/tmp/imp-save-${width}.png` });
await ctx.close();
}
await browser.close();

import { LISTING_SEND_TEXTS } from "@aea/domain";
import { test, visit } from "./fixtures";
import { adminStorageState } from "./mailbox";

test.beforeEach(async ({ context, browser, baseURL }) => {
  await context.addCookies((await adminStorageState(browser, baseURL ?? "")).cookies);
});

for (const width of [390, 1366]) {
  test(`screens of the analysis page at ${width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await visit(page, "/participant?f=buys:minerals&open=agreementsSigned&chart=pie:buys");
    await page.screenshot({ path: `/tmp/pw-analysis/chart-pie-${width}.png`, fullPage: true });
    await visit(page, "/participant?f=buys:minerals&chart=line:createdAt:sum");
    await page.screenshot({ path: `/tmp/pw-analysis/chart-line-${width}.png`, fullPage: true });
    await visit(page, "/participant?f=buys:minerals&chart=bar:state");
    await page.getByText("Values drawn").click();
    await page.screenshot({ path: `/tmp/pw-analysis/chart-bar-${width}.png`, fullPage: true });
    await page.getByText(LISTING_SEND_TEXTS.title, { exact: true }).click();
    const choice = page.getByLabel("Listing", { exact: true });
    await choice.selectOption({ index: 1 });
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await page.getByText(/will get it/).waitFor();
    await page.screenshot({ path: `/tmp/pw-analysis/send-preview-${width}.png`, fullPage: true });
  });
}

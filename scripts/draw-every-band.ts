import type { Page } from "@playwright/test";

/**
 * Draws the bands a page leaves undrawn until they near the screen (render-when-near, decision 048),
 * as a reader who scrolls meets them, for tools that look at the whole page at once: a full-page
 * screenshot does not scroll, and axe measures an undrawn band's contents from boxes the browser has
 * not laid out yet (once in CI it read the home page's closing "Our services" button against the wrong
 * background). The sheet is adopted, not added to the markup, so the page React hydrated is left as it
 * was. Safe to call more than once, and on a page that is going away.
 */
export async function drawEveryBand(page: Page): Promise<void> {
  // A string, not a function: this module is also type-checked with the scripts, which have no DOM types.
  await page.evaluate(ADOPT_THE_DRAW_EVERY_BAND_SHEET).catch(() => undefined);
}

const ADOPT_THE_DRAW_EVERY_BAND_SHEET = `(() => {
  if ("__everyBandDrawn" in document) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(".render-when-near { content-visibility: visible !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  Object.defineProperty(document, "__everyBandDrawn", { value: true });
})()`;

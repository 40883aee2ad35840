import type { Page } from "@playwright/test";

/**
 * A visitor who acts before the page is interactive: a CPU as slow as a mid-range phone's, and the
 * app's JavaScript held back until the test lets it through, so what the test types meanwhile is
 * certain to land before React hydrates (on a fast machine the window is a few hundred milliseconds,
 * too short to type a whole form in reliably).
 */

/**
 * The page's CPU through the Chrome DevTools Protocol: slowed before the page navigates (it stays so
 * across navigations), and back at full speed where only the test's own checks would be slow (axe).
 */
export async function pageCpu(page: Page) {
  const session = await page.context().newCDPSession(page);
  const setRate = async (rate: number) => {
    await session.send("Emulation.setCPUThrottlingRate", { rate });
  };
  return { slowDown: setRate, fullSpeed: () => setRate(1) };
}

/**
 * Holds every script the site serves from the page's own origin until `release` is called. Pages
 * are complete server-rendered HTML, so fields are there to type in while hydration waits.
 */
export async function holdScripts(page: Page, baseURL: string): Promise<{ release(): void }> {
  const origin = new URL(baseURL).origin;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.origin === origin && /\.m?js$/.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}

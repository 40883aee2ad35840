import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { drawEveryBand } from "../../../scripts/draw-every-band.ts";
import { e2eServerURL } from "./e2e-servers";

/**
 * The visitor has answered the terms dialog unless a test sets `agreeToTerms: false`, and axe-core
 * checks the page a test ends on. Tests call `visit` for every other page they look at. No page the
 * test opened may have broken the Content-Security-Policy (a script probing `eval`, a blocked style):
 * the browser refuses silently, so the test listens for the violation events.
 */
export const test = base.extend<{ agreeToTerms: boolean }>({
  agreeToTerms: [true, { option: true }],
  // Each worker talks to its own server (e2e-servers.ts); a file that starts a server of its own
  // (passkeys, push) names that one with test.use({ baseURL }).
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(baseURL === e2eServerURL(0) ? e2eServerURL(testInfo.parallelIndex) : baseURL);
  },
  page: async ({ page, agreeToTerms, baseURL, javaScriptEnabled }, use) => {
    if (agreeToTerms) {
      await page
        .context()
        .addCookies([{ name: "userAgreed", value: "true", url: baseURL ?? "", sameSite: "Strict" }]);
    }
    const violations = await watchContentSecurityPolicy(page);
    await use(page);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
    // axe runs inside the page, which a test of the no-script site switches off; other tests audit those pages.
    if (javaScriptEnabled !== false) await expectNoSeriousAxeViolations(page);
  },
});

const CSP_VIOLATION = "Content-Security-Policy violation:";

/** Collects every CSP violation of the page's documents, as the page reports them. */
async function watchContentSecurityPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript((prefix) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      // Playwright's trace recorder fetches the page's blob: pictures to keep them in the trace; the
      // site itself never fetches a blob: URL (its previews are <img src="blob:…">, which img-src allows).
      if (event.effectiveDirective === "connect-src" && event.blockedURI === "blob") return;
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  }, CSP_VIOLATION);
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith(CSP_VIOLATION))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

/** Opens a path, waits for the app to hydrate, and runs axe on it. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expectNoSeriousAxeViolations(page);
}

/** The phone project (390 px, touch) runs the tests tagged @phone; some of them expect a phone's layout. */
export const isPhone = (project: string) => project === "phone";

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Lets the page settle before axe looks at it: chunks loaded after hydration (a dialog that opens by
 * itself) have arrived, and finite CSS animations have ended (at most 2 s). axe measures colours as
 * painted: text in a dialog that is still fading in fails the contrast check although the open dialog
 * passes.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page
    .evaluate(() => {
      const finite = document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
      return Promise.race([
        Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]);
    })
    .catch(() => undefined);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

/**
 * Runs axe-core inside the page. (@axe-core/playwright runs it per frame and then finishes the run in a
 * new blank page, 2–3 s an audit on this machine; the site draws no frames, so one run in the page
 * gives the same answer in 0.4–0.9 s, and the suite audits every page it visits.)
 */
export async function auditAccessibility(page: Page): Promise<AxeResults["violations"]> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(AXE_SOURCE);
  }
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: typeof import("axe-core") }).axe
        .run(document, options)
        .then((results) => results.violations),
    AXE_OPTIONS,
  );
}

/** What each page looked like when it was last audited, so a page left as it was is not audited twice. */
const lastAudited = new WeakMap<Page, string>();

/** The page as axe would see it: its address, its markup with the state of its fields, and its size. */
function pageSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const fields = [...document.querySelectorAll("input, textarea, select")].map((field) =>
      field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
        ? String(field.checked)
        : (field as HTMLInputElement).value,
    );
    return JSON.stringify([
      location.href,
      innerWidth,
      innerHeight,
      document.documentElement.outerHTML,
      fields,
    ]);
  });
}

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  if (page.isClosed() || page.url() === "about:blank") return;
  let violations: AxeResults["violations"] = [];
  // Only an audit of a page that held still counts: a dialog that opens while axe runs (after a
  // request the page made on its own) is audited again once its fade-in has ended.
  await drawEveryBand(page);
  for (let attempt = 0; attempt < 3; attempt++) {
    await settleAnimations(page);
    const signature = await pageSignature(page);
    if (lastAudited.get(page) === signature) return;
    violations = await auditAccessibility(page);
    if ((await pageSignature(page)) !== signature) continue;
    lastAudited.set(page, signature);
    break;
  }
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

export { expect };

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, expectNoSeriousAxeViolations } from "./fixtures";
import { E2E_AUTH_LIMIT_PER_MINUTE } from "./server-limits";

/**
 * Helpers for the account tests: a budget for the rate-limited auth doors, and the mail the site sends,
 * read the way staff read it (the database outbox at /admin/outbox, signed in as the demo admin).
 */

export const ADMIN = { email: "admin@anticline.test", password: "Admin123!" } as const;
export const BUYER = { email: "buyer@anticline.test", password: "Buyer123!", name: "Ben Whitaker" } as const;
/** The demo buyer with an official company name; passwords.spec.ts changes its password and puts it back. */
export const PRIVATE_BUYER = {
  email: "private.buyer@anticline.test",
  password: "Buyer123!",
  name: "Priya Castellanos",
} as const;
/** A demo account whose email is not verified yet. */
export const PENDING = { email: "pending@anticline.test", password: "Buyer123!" } as const;
export const MANAGER = {
  email: "mgmt1@anticline.test",
  password: "Mgmt123!",
  name: "Morgan Manager",
} as const;

// --- Rate-limit budget ------------------------------------------------------------------------------
//
// The e2e servers allow E2E_AUTH_LIMIT_PER_MINUTE requests a minute per IP on each auth door (`login`:
// /api/Auth/Login, /api/login and the /login form together; `forms`: the other account pages' form posts
// together), in fixed windows. Every test of both projects shares 127.0.0.1 and one server, and each
// project runs in its own worker process, so the spending is kept in a file. Allowing at most 80% of the
// limit in any sliding 61 s keeps every fixed 60 s window under it, with room for a request's own delay.

export type Door = "login" | "forms";
const MAX_PER_WINDOW = Math.floor(E2E_AUTH_LIMIT_PER_MINUTE * 0.8);
const WINDOW_MS = 61_000;

function budgetFile(baseURL: string): string {
  return join(tmpdir(), `aea-e2e-accounts-budget-${new URL(baseURL).port}.json`);
}

function readBudget(file: string): Partial<Record<Door, number[]>> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Partial<Record<Door, number[]>>;
  } catch {
    return {};
  }
}

/** Waits until one more request through `door` stays within the server's limit, then books it. */
export async function spend(baseURL: string, door: Door): Promise<void> {
  const file = budgetFile(baseURL);
  for (;;) {
    const now = Date.now();
    const budget = readBudget(file);
    const recent = (budget[door] ?? []).filter((t) => now - t < WINDOW_MS).sort((a, b) => a - b);
    if (recent.length < MAX_PER_WINDOW) {
      budget[door] = [...recent, now];
      writeFileSync(file, JSON.stringify(budget));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (now - (recent[0] ?? now)) + 100));
  }
}

// --- Sessions ------------------------------------------------------------------------------------------

/** A browser context for `baseURL` that has already answered the terms dialog (spec §2). */
export async function newAgreedContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: "userAgreed", value: "true", url: baseURL, sameSite: "Strict" }]);
  return context;
}

/** Logs a context in through POST /api/Auth/Login (the session cookie lands in the context). */
export async function logInByApi(
  context: BrowserContext,
  baseURL: string,
  account: { email: string; password: string },
): Promise<void> {
  await spend(baseURL, "login");
  const response = await context.request.post("/api/Auth/Login", {
    data: { email: account.email, password: account.password, rememberMe: false, applicationName: "AEA" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** One admin session per worker (project): logging in again would only spend the rate-limit budget. */
let adminState: StorageState | undefined;

/** Keeps an admin session a test already made (e.g. through the login page), for reading mail later. */
export function rememberAdminSession(state: StorageState): void {
  adminState = state;
}

async function adminContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  if (adminState) {
    const context = await browser.newContext({ baseURL, storageState: adminState });
    const me = await context.request.get("/api/Auth/CurrentUser");
    if (me.ok()) return context;
    await context.close();
  }
  const context = await newAgreedContext(browser, baseURL);
  await logInByApi(context, baseURL, ADMIN);
  adminState = await context.storageState();
  return context;
}

/** The demo admin's session (the one a test already made, or a new one), for a context of a test's own. */
export async function adminStorageState(browser: Browser, baseURL: string): Promise<StorageState> {
  const context = await adminContext(browser, baseURL);
  try {
    return await context.storageState();
  } finally {
    await context.close();
  }
}

// --- Mail ------------------------------------------------------------------------------------------------

export interface Mail {
  subject: string;
  to: string;
  /** The plain-text body as the outbox shows it. */
  text: string;
  /** The links of the body, as the outbox makes them clickable (site links relative). */
  links: string[];
}

/**
 * The newest outbox message to `to` whose subject matches, opened in the admin outbox's message view.
 * Waits for it to arrive.
 */
export async function readMail(
  browser: Browser,
  baseURL: string,
  to: string,
  subject: RegExp,
  options: { checkAccessibility?: boolean } = {},
): Promise<Mail> {
  const context = await adminContext(browser, baseURL);
  try {
    const page = await context.newPage();
    const list = page.getByRole("navigation", { name: "Messages" });
    const entry = list.getByRole("link").filter({ hasText: to }).filter({ hasText: subject }).first();
    await expect(async () => {
      await page.goto("/admin/outbox");
      await expect(page.getByRole("heading", { level: 1, name: "Mail Outbox" })).toBeVisible();
      await expect(entry).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await entry.click();
    await expect(page).toHaveURL(/\/admin\/outbox\?id=\d+$/);
    const message = page.getByRole("article");
    await expect(message.getByRole("heading", { name: subject })).toBeVisible();
    await expect(message).toContainText(to);
    if (options.checkAccessibility) await expectNoSeriousAxeViolations(page);
    const links = await message
      .locator("a")
      .filter({ hasText: /^https?:\/\// })
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
    return {
      subject: (await message.getByRole("heading").first().innerText()).trim(),
      to,
      text: await message.innerText(),
      links,
    };
  } finally {
    await context.close();
  }
}

/** How many outbox messages to `to` match `subject` (0 when none). */
export async function countMail(browser: Browser, baseURL: string, to: string, subject: RegExp) {
  const context = await adminContext(browser, baseURL);
  try {
    const page = await context.newPage();
    await page.goto("/admin/outbox");
    await expect(page.getByRole("heading", { level: 1, name: "Mail Outbox" })).toBeVisible();
    return await page
      .getByRole("navigation", { name: "Messages" })
      .getByRole("link")
      .filter({ hasText: to })
      .filter({ hasText: subject })
      .count();
  } finally {
    await context.close();
  }
}

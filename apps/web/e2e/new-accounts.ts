import { MAILED_LINK_TEXTS } from "@aea/domain";
import type { APIRequestContext, Browser } from "@playwright/test";
import { expect } from "./fixtures";
import { readMail, spend } from "./mailbox";

/**
 * Buyers of a test's own, made through the API as a client would: a test that changes an account
 * (its profile, interests or password) leaves the demo accounts as other spec files expect them.
 */

export interface NewBuyer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A buyer not yet registered, with an address no other run or test uses. */
export function newBuyer(label: string): NewBuyer {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: "Tessa",
    lastName: "Early",
    email: `${label}.${stamp}@example.com`,
    password: "Early2026",
  };
}

const originOf = (baseURL: string) => ({ origin: new URL(baseURL).origin });

/** Registers the buyer through POST /api/Auth/Signup (unverified until the mailed link is followed). */
export async function signUp(request: APIRequestContext, baseURL: string, buyer: NewBuyer): Promise<void> {
  const response = await request.post("/api/Auth/Signup", {
    headers: originOf(baseURL),
    data: { ...buyer, confirmPassword: buyer.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Registers the buyer and follows the verification link the site mailed. */
export async function signUpVerified(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  buyer: NewBuyer,
): Promise<void> {
  await signUp(request, baseURL, buyer);
  const mail = await readMail(browser, baseURL, buyer.email, /^Verify your email/);
  const link = mail.links.find((href) => href.startsWith("/verify-user?token=")) ?? "";
  expect(link, mail.text).not.toBe("");
  // Opening the link only asks (mail scanners open every link); the page's button posts the token.
  expect(await (await request.get(link)).text()).toContain(MAILED_LINK_TEXTS.verifyTitle);
  const token = new URL(link, baseURL).searchParams.get("token") ?? "";
  await spend(baseURL, "forms");
  const confirmed = await request.post("/verify-user", {
    headers: originOf(baseURL),
    form: { intent: "confirm", token },
  });
  expect(await confirmed.text()).toContain("Your email is verified");
}

/** The single-use reset link the site mails to `email`, asked for through the API. */
export async function resetLinkFor(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<string> {
  const asked = await request.post(`/api/Auth/SendResetPasswordEmail?email=${encodeURIComponent(email)}`, {
    headers: originOf(baseURL),
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const mail = await readMail(browser, baseURL, email, /^Reset your .*password/);
  const link = mail.links.find((href) => href.startsWith("/reset-password?token=")) ?? "";
  expect(link, mail.text).not.toBe("");
  return link;
}

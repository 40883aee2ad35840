import type { Config } from "../../config.ts";
import {
  BROWSER_COOKIE,
  browserCookie,
  clearedSessionCookie,
  SESSION_COOKIE,
  sessionCookie,
} from "./session-cookie.ts";

/**
 * The cookies of a signed-in browser, as Set-Cookie values for page actions and API routes alike
 * (Secure when the site is served over https), and their tokens read back from a Cookie header.
 */
export class SessionCookies {
  readonly #secure: boolean;

  constructor(config: Pick<Config, "publicUrl">) {
    this.#secure = config.publicUrl.startsWith("https://");
  }

  get secure(): boolean {
    return this.#secure;
  }

  sessionCookieHeader(token: string, remember: boolean): string {
    return sessionCookie(token, { remember, secure: this.#secure });
  }

  clearedSessionCookieHeader(): string {
    return clearedSessionCookie({ secure: this.#secure });
  }

  /** Set-Cookie value of the long-lived cookie that names this browser (for new-browser mails). */
  browserCookieHeader(browserToken: string): string {
    return browserCookie(browserToken, { secure: this.#secure });
  }

  /** The browser cookie's token in a Cookie header, if any. */
  browserTokenFrom(cookieHeader: string | null | undefined): string | undefined {
    return cookieValue(cookieHeader, BROWSER_COOKIE);
  }

  /** The session token in a Cookie header, if any. */
  sessionTokenFrom(cookieHeader: string | null | undefined): string | undefined {
    return cookieValue(cookieHeader, SESSION_COOKIE);
  }
}

export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookieHeader ?? "")?.[1];
}

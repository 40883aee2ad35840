export interface Sent {
  status: number;
  text: string;
  headers: Headers;
}

/**
 * A client of the cluster as a browser or API client sends: requests carry the site's Origin (the
 * cluster's address), the session cookie once it has one, and optionally the visitor's address as the
 * proxy in front would give it (`X-Forwarded-For`, believed with TRUST_PROXY=1).
 */
export class Visitor {
  cookie = "";
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  async send(
    base: string,
    path: string,
    init: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      body?: Uint8Array;
      ip?: string;
    } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = {
      origin: this.origin,
      referer: `${this.origin}${path}`,
      ...init.headers,
    };
    if (this.cookie) headers.cookie = this.cookie;
    if (init.ip) headers["x-forwarded-for"] = init.ip;
    let body: Uint8Array | string | undefined = init.body;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: "manual",
    });
    const session = response.headers.getSetCookie().find((line) => line.startsWith("aea_session="));
    if (session) this.cookie = session.split(";")[0] ?? "";
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  async logIn(base: string, email: string, password: string): Promise<void> {
    const answer = await this.send(base, "/api/Auth/Login", { json: { email, password, rememberMe: false } });
    if (answer.status !== 200 || !this.cookie)
      throw new Error(`login of ${email}: ${answer.status} ${answer.text}`);
  }
}

/** Polls `check` until it holds or `ms` pass; answers how long it took, or undefined when it never held. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number | undefined> {
  const started = performance.now();
  do {
    if (await check()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  } while (performance.now() - started < ms);
  return undefined;
}

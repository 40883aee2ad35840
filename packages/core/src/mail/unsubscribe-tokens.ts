import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** Where the site keeps its generated secrets (the `site_secrets` table), one per name, made once. */
export interface SiteSecrets {
  secret(name: string, make: () => string): Promise<string>;
}

/**
 * The token in the unsubscribe link of one kind of mail: `{userId}.{HMAC}`, valid without a login,
 * under a key of its own per kind (a deal-alert token cannot stop Q&A mail). A forged or damaged
 * token names nobody.
 */
export class UnsubscribeTokens {
  readonly #kind: string;
  readonly #secrets: () => SiteSecrets;
  #key: Promise<Buffer> | undefined;

  constructor(kind: "deal-alerts" | "data-room-questions", secrets: () => SiteSecrets) {
    this.#kind = kind;
    this.#secrets = secrets;
  }

  async tokenFor(userId: number): Promise<string> {
    return `${userId}.${await this.#sign(userId)}`;
  }

  /** The user a token names, when its signature holds. */
  async userOf(token: string): Promise<number | undefined> {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const userId = Number(match[1]);
    const expected = Buffer.from(await this.#sign(userId), "base64url");
    const given = Buffer.from(match[2] ?? "", "base64url");
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
  }

  async #sign(userId: number): Promise<string> {
    this.#key ??= this.#secrets()
      .secret(`${this.#kind}-unsubscribe`, () => randomBytes(32).toString("base64url"))
      .then((value) => Buffer.from(value, "base64url"));
    return createHmac("sha256", await this.#key)
      .update(`${this.#kind}:unsubscribe:${userId}`)
      .digest("base64url");
  }
}

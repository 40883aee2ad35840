import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Seals authenticator secrets for the database: AES-256-GCM under MFA_SECRET_KEY when one is set, so
 * a copy of the database alone (a backup, a dump) does not yield the codes; without a key the secret
 * is kept as is, marked so, and sealed as soon as a key is configured and the factor is set up anew.
 */
export class SecretBox {
  readonly #key: Buffer | undefined;

  constructor(key: Buffer | undefined) {
    this.#key = key;
  }

  seal(secret: string): string {
    if (!this.#key) return `plain:${secret}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return ["gcm", iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(":");
  }

  /** Throws when a sealed secret meets no key, or the wrong one: a clear failure, never a wrong code. */
  open(stored: string): string {
    if (stored.startsWith("plain:")) return stored.slice("plain:".length);
    const [kind, iv, tag, sealed] = stored.split(":");
    if (kind !== "gcm" || !iv || !tag || !sealed)
      throw new Error("An authenticator secret is stored in an unknown form.");
    if (!this.#key) throw new Error("An authenticator secret is sealed but MFA_SECRET_KEY is not set.");
    const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  }
}

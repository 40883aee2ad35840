import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { DatabaseSchema } from "../db/schema.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  delivery: string;
  error: string | null;
}

/** Stands in for the secret of a one-time link in the outbox's copy of a mail that went out by SMTP. */
export const REDACTED_TOKEN = "redacted";

/**
 * Replaces the value of every `token` query parameter (verification, password-reset and any other
 * one-time link: they all carry their secret there) in a mail's text or HTML.
 */
export function redactLinkTokens(text: string): string {
  return text.replace(/([?&]|&amp;)(token=)[^&\s"'<>]+/gi, `$1$2${REDACTED_TOKEN}`);
}

/**
 * Sends the product's mail. With SMTP_URL set it goes out through SMTP; without, nodemailer renders it
 * and it waits in the outbox, where staff read it (so a demo works with no set-up). Either way every
 * message is kept in the outbox table with how it was delivered. With SMTP the copy keeps no live
 * one-time link (even when sending failed): only the addressee's mailbox may hold it, not the staff
 * reading the outbox nor the database.
 */
export class Mailer {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #transport: Transporter;
  readonly #from: string;
  readonly #smtp: boolean;

  constructor(db: Kysely<DatabaseSchema>, options: { smtpUrl?: string; from: string }) {
    this.#db = db;
    this.#smtp = Boolean(options.smtpUrl);
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
    this.#from = options.from;
  }

  async send(mail: OutgoingMail): Promise<void> {
    let error: string | null = null;
    try {
      await this.#transport.sendMail({ from: this.#from, ...mail });
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    const copy = this.#smtp ? redactLinkTokens : (body: string) => body;
    await this.#db
      .insertInto("mail_outbox")
      .values({
        to: mail.to,
        subject: mail.subject,
        text: copy(mail.text),
        html: copy(mail.html),
        createdAt: new Date().toISOString(),
        delivery: this.#smtp ? "smtp" : "outbox",
        error,
      })
      .execute();
    if (error) throw new Error(`Mail to ${mail.to} failed: ${error}`);
  }

  async outbox(limit = 100): Promise<OutboxMessage[]> {
    return this.#db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
  }

  close(): void {
    this.#transport.close();
  }
}

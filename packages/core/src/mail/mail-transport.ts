import type { Transporter } from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Files sent with the mail (a signed agreement). The outbox copy names them only: the file itself
   * stays in storage, where the mail's link also points.
   */
  attachments?: MailAttachment[];
  /** Extra headers (a mailing's List-Unsubscribe); the outbox copy does not keep them. */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Hands mail to SMTP when SMTP_URL is set; without, nodemailer only renders it (a local demo reads
 * its mail in the outbox instead). It only sends: the copy staff read is the outbox repository's.
 * nodemailer loads with the first mail (decision 037): a server that sends none never holds it.
 */
export class MailTransport {
  /** How this transport delivers, as the outbox copy records it. */
  readonly delivery: "smtp" | "outbox";
  readonly #smtpUrl: string | undefined;
  #transport: Promise<Transporter> | undefined;
  readonly #from: string;

  constructor(options: { smtpUrl?: string; from: string }) {
    this.delivery = options.smtpUrl ? "smtp" : "outbox";
    this.#smtpUrl = options.smtpUrl;
    this.#from = options.from;
  }

  #opened(): Promise<Transporter> {
    this.#transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      this.#smtpUrl
        ? nodemailer.createTransport(this.#smtpUrl)
        : nodemailer.createTransport({ jsonTransport: true }),
    );
    return this.#transport;
  }

  /** Rejects when the SMTP server refuses the mail or cannot be reached. */
  async send(mail: OutgoingMail): Promise<void> {
    const transport = await this.#opened();
    await transport.sendMail({
      from: this.#from,
      ...mail,
      attachments: mail.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    });
  }

  close(): void {
    this.#transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}

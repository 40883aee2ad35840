import nodemailer, { type Transporter } from "nodemailer";

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
 */
export class MailTransport {
  /** How this transport delivers, as the outbox copy records it. */
  readonly delivery: "smtp" | "outbox";
  readonly #transport: Transporter;
  readonly #from: string;

  constructor(options: { smtpUrl?: string; from: string }) {
    this.delivery = options.smtpUrl ? "smtp" : "outbox";
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
    this.#from = options.from;
  }

  /** Rejects when the SMTP server refuses the mail or cannot be reached. */
  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail({
      from: this.#from,
      ...mail,
      attachments: mail.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) })),
    });
  }

  close(): void {
    this.#transport.close();
  }
}

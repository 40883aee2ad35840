import type { Database, Executor } from "../db/database.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";
import { OutboxRepository } from "./outbox.repository.ts";

/** Stands in for the secret of a one-time link in the outbox's copy of a mail that went out by SMTP. */
export const REDACTED_TOKEN = "redacted";

/**
 * Replaces the value of every `token` query parameter (verification, password-reset and any other
 * one-time link: they all carry their secret there) in a mail's text or HTML.
 */
export function redactLinkTokens(text: string): string {
  return text.replace(/([?&]|&amp;)(token=)[^&\s"'<>]+/gi, `$1$2${REDACTED_TOKEN}`);
}

/** A mail whose outbox copy is kept, waiting to be sent. */
interface FiledMail {
  outboxId: number;
  mail: OutgoingMail;
}

/** Files mail as part of a transaction; it is sent once the transaction has committed. */
export type FileMail = (mail: OutgoingMail) => Promise<void>;

/**
 * Where services send mail from. Every mail gets a copy in the outbox, written in the same
 * transaction as the change it reports (a sign-up and its verification mail commit together), and
 * goes to the transport only after that transaction committed, so no one is mailed about a change
 * that was rolled back. With SMTP the copy keeps no live one-time link: only the addressee's mailbox
 * may hold it, not the staff reading the outbox nor the database.
 */
export class Mailroom {
  readonly #database: Database;
  readonly #transport: MailTransport;

  constructor(database: Database, transport: MailTransport) {
    this.#database = database;
    this.#transport = transport;
  }

  /**
   * Runs `work` in one transaction, on the repositories `bind` makes for it; the mail `work` files is
   * kept in the outbox in that transaction and sent after it commits. A failed send is noted on its
   * copy and then thrown (the transaction's writes stay).
   */
  async transaction<Stores, T>(
    bind: (executor: Executor) => Stores,
    work: (stores: Stores, fileMail: FileMail) => Promise<T>,
  ): Promise<T> {
    const { value, mailError } = await this.transactionReportingMail(bind, work);
    if (mailError) throw new Error(mailError);
    return value;
  }

  /** As `transaction`, for callers that go on when mail fails: the failure is returned, not thrown. */
  async transactionReportingMail<Stores, T>(
    bind: (executor: Executor) => Stores,
    work: (stores: Stores, fileMail: FileMail) => Promise<T>,
  ): Promise<{ value: T; mailError: string | undefined }> {
    const filed: FiledMail[] = [];
    const value = await this.#database.transaction(async (trx) => {
      const outbox = new OutboxRepository(trx);
      return work(bind(trx), async (mail) => {
        filed.push({ outboxId: await outbox.keep(this.#copy(mail)), mail });
      });
    });
    return { value, mailError: await this.#post(filed) };
  }

  /** Sends each mail; a failure is noted on its copy. Returns what went wrong first, if anything. */
  async #post(filed: readonly FiledMail[]): Promise<string | undefined> {
    let failure: string | undefined;
    for (const { outboxId, mail } of filed) {
      try {
        await this.#transport.send(mail);
      } catch (cause) {
        const error = cause instanceof Error ? cause.message : String(cause);
        await new OutboxRepository(this.#database.db).recordFailure(outboxId, error);
        failure ??= `Mail to ${mail.to} failed: ${error}`;
      }
    }
    return failure;
  }

  #copy(mail: OutgoingMail) {
    const keep = this.#transport.delivery === "smtp" ? redactLinkTokens : (body: string) => body;
    return {
      to: mail.to,
      subject: mail.subject,
      // The outbox keeps no attachment, only its name: the file itself stays in storage.
      text:
        keep(mail.text) +
        (mail.attachments?.length
          ? `\n\nAttached: ${mail.attachments.map((a) => a.filename).join(", ")}`
          : ""),
      html: keep(mail.html),
      createdAt: new Date().toISOString(),
      delivery: this.#transport.delivery,
    };
  }
}

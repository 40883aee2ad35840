import {
  blockListEntries,
  CHAT_FAILED,
  type ChatMessage,
  CONTACT_FAILED,
  type ContactUsEmail,
  fail,
  isBlockedEmail,
  SELLER_INQUIRY_FAILED,
  SELLER_INQUIRY_TITLE,
  type SellerContact,
} from "@aea/domain";
import type { Config } from "../config.ts";
import type { ContentService } from "../content/content.service.ts";
import type { Database } from "../db/database.ts";
import type { OutgoingMail } from "../mail/mail-transport.ts";
import type { Mailroom } from "../mail/mailroom.ts";
import { type Inquiry, type InquiryKind, InquiryRepository } from "./inquiry.repository.ts";
import { inquiryMail } from "./inquiry-mails.ts";

/** What the visitor is told when the mail to staff failed (the inquiry is kept all the same). */
const DELIVERY_FAILED: Record<InquiryKind, string> = {
  contact: CONTACT_FAILED,
  seller: SELLER_INQUIRY_FAILED,
  chat: CHAT_FAILED,
};

export interface InquiryServiceOptions {
  config: Pick<Config, "firmName" | "firmShortName" | "publicUrl" | "supportEmail">;
  content: Pick<ContentService, "readItems">;
  mailroom: Pick<Mailroom, "transactionReportingMail">;
  database: Database;
}

/**
 * What visitors send the firm: contact messages, seller inquiries and chat messages. Each is mailed
 * to the staff inbox (config.supportEmail, the address the spec's "contact" mail reached) and kept in
 * the inquiries table with how delivery went. Input arrives already checked by the domain schemas.
 */
export class InquiryService {
  readonly #config: InquiryServiceOptions["config"];
  readonly #content: InquiryServiceOptions["content"];
  readonly #mailroom: InquiryServiceOptions["mailroom"];
  readonly #repository: InquiryRepository;

  constructor({ config, content, mailroom, database }: InquiryServiceOptions) {
    this.#config = config;
    this.#content = content;
    this.#mailroom = mailroom;
    this.#repository = new InquiryRepository(database.db);
  }

  /** The addresses and domains the contact form refuses (contact_us_page.block_list). */
  async contactBlockList(): Promise<string[]> {
    const { data } = await this.#content.readItems("contact_us_page", { fields: ["block_list"] });
    return Array.isArray(data) ? [] : blockListEntries(data.block_list);
  }

  /** The contact form (§7 SendContactUsEmail). "blocked" when the sender is on the block list. */
  async sendContactMessage(input: ContactUsEmail): Promise<"sent" | "blocked"> {
    if (isBlockedEmail(input.email, await this.contactBlockList())) return "blocked";
    const name = `${input.firstName} ${input.lastName}`;
    await this.#deliver(
      "contact",
      { name, email: input.email, subject: input.subject, message: input.message, appName: input.appName },
      { ...input },
      this.#mail(
        `Contact form: ${input.subject}`,
        `${name} sent a message through the contact page.`,
        [
          ["Name", name],
          ["Email", input.email],
          ["Subject", input.subject],
          ["Message", input.message || "(no message)"],
          ["Sent from", input.appName],
        ],
        input.email,
      ),
    );
    return "sent";
  }

  /** The seller form (§7 Seller/Contact). */
  async sendSellerInquiry(input: SellerContact): Promise<void> {
    const name = input.fullName || `${input.firstName} ${input.lastName}`;
    const subject = input.title || SELLER_INQUIRY_TITLE;
    await this.#deliver(
      "seller",
      { name, email: input.email, subject, message: input.description, appName: input.appName },
      { ...input, fullName: name, title: subject },
      this.#mail(
        `${subject}: ${name}${input.company ? ` (${input.company})` : ""}`,
        `${name} wants to talk about selling assets. An agent should contact them shortly.`,
        [
          ["Name", name],
          ["Company", input.company],
          ["Email", input.email],
          ["Phone", input.phone],
          ["About the assets", input.description || "(no description)"],
          ["Sent from", input.appName],
        ],
        input.email,
      ),
    );
  }

  /** The chat widget's message. */
  async sendChatMessage(input: ChatMessage): Promise<void> {
    const pageUrl = input.page ? `${this.#config.publicUrl}${input.page}` : undefined;
    await this.#deliver(
      "chat",
      {
        name: input.name,
        email: input.email,
        subject: "Chat message",
        message: input.message,
        appName: input.appName,
      },
      { ...input },
      this.#mail(
        `Chat message from ${input.name}`,
        `${input.name} left a message in the website's chat.`,
        [
          ["Name", input.name],
          ["Email", input.email],
          ["Message", input.message],
          ["Page", pageUrl],
          ["Sent from", input.appName],
        ],
        input.email,
      ),
    );
  }

  /** The stored copies, newest first. */
  recent(limit = 100, kind?: InquiryKind): Promise<Inquiry[]> {
    return this.#repository.recent(limit, kind);
  }

  #mail(
    subject: string,
    lead: string,
    fields: ReadonlyArray<readonly [string, string | undefined]>,
    replyTo: string,
  ): OutgoingMail {
    return inquiryMail(this.#config, this.#config.supportEmail, subject, lead, fields, replyTo);
  }

  /**
   * Keeps the inquiry and the mail's outbox copy in one transaction, then mails staff. A failed mail
   * is noted on the kept inquiry and answered with a 500 AppError telling the visitor to try again.
   */
  async #deliver(
    kind: InquiryKind,
    summary: { name: string; email: string; subject: string; message: string; appName?: string },
    fields: Record<string, string | undefined>,
    mail: OutgoingMail,
  ): Promise<void> {
    const { value: inquiryId, mailError } = await this.#mailroom.transactionReportingMail(
      (executor) => new InquiryRepository(executor),
      async (inquiries, fileMail) => {
        const id = await inquiries.add({
          kind,
          ...summary,
          appName: summary.appName ?? null,
          fields: Object.fromEntries(
            Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          ),
          createdAt: new Date().toISOString(),
          delivery: "sent",
          error: null,
        });
        await fileMail(mail);
        return id;
      },
    );
    if (mailError) {
      await this.#repository.recordFailure(inquiryId, mailError);
      const cause = new Error(`The ${kind} mail to staff failed: ${mailError}`);
      throw fail("MAIL_FAILED", DELIVERY_FAILED[kind], cause);
    }
  }
}

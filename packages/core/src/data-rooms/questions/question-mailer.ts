import { QUESTIONS_UNSUBSCRIBE_PATH } from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import type { Executor } from "../../db/database.ts";
import { DealAlertRepository } from "../../deal-alerts/deal-alert.repository.ts";
import { UnsubscribeTokens } from "../../mail/unsubscribe-tokens.ts";
import type { RoomServiceDeps } from "../room-service-deps.ts";
import { type Question, type QuestionMailRecipient, QuestionRepository } from "./question.repository.ts";
import { type QuestionMailOccasion, questionMail } from "./question-mails.ts";

const JOB = {
  answered: "data-room-questions.answered",
  faqFanOut: "data-room-questions.faq-fan-out",
  faqSend: "data-room-questions.faq-send",
} as const;

export type QuestionMailerDependencies = Omit<RoomServiceDeps, "access">;

/**
 * The room's Q&A mail: the asker's private answer and every room buyer's new FAQ, filed by background
 * jobs through the outbox (one job per FAQ reader, never twice), each with an unsubscribe link that
 * works without a login.
 */
export class QuestionMailer {
  readonly #d: QuestionMailerDependencies;
  readonly #unsubscribeTokens: UnsubscribeTokens;

  constructor(dependencies: QuestionMailerDependencies) {
    this.#d = dependencies;
    this.#unsubscribeTokens = new UnsubscribeTokens(
      "data-room-questions",
      () => new DealAlertRepository(dependencies.database.db),
    );
    const { jobs } = dependencies;
    jobs.register(JOB.answered, (p) => this.#mailAnswer(p as { questionId: number; listingId: number }));
    jobs.register(JOB.faqFanOut, (p) => this.#fanOutFaq(p as { questionId: number; listingId: number }));
    jobs.register(JOB.faqSend, (p) =>
      this.#mailFaq(p as { questionId: number; listingId: number; userId: number }),
    );
  }

  /** In the answer's transaction: the asker's mail, or the FAQ's fan-out to the room (once per question). */
  async enqueue(trx: Executor, occasion: QuestionMailOccasion, question: Question): Promise<void> {
    const job = occasion === "faqPublished" ? JOB.faqFanOut : JOB.answered;
    await this.#d.jobs.enqueue(
      trx,
      job,
      { questionId: question.id, listingId: question.listingId },
      { uniqueKey: `${job}:${question.id}` },
    );
  }

  async unsubscribeUrl(userId: number): Promise<string> {
    return `${this.#d.config.publicUrl}${QUESTIONS_UNSUBSCRIBE_PATH}?token=${await this.#unsubscribeTokens.tokenFor(userId)}`;
  }

  async unsubscribeTokenOwner(token: string): Promise<{ userId: number; email: string } | undefined> {
    const userId = await this.#unsubscribeTokens.userOf(token);
    if (userId === undefined) return undefined;
    const email = await this.#read().email(userId);
    return email === undefined ? undefined : { userId, email };
  }

  async unsubscribe(token: string): Promise<boolean> {
    const owner = await this.unsubscribeTokenOwner(token);
    if (!owner) return false;
    await this.#d.database.transaction(async (trx) => {
      await new QuestionRepository(trx).optOut(owner.userId, this.#now());
      await this.#trail(trx).record({
        actor: null,
        action: "qa-mail-unsubscribed",
        subject: { user: owner.userId },
        details: "unsubscribe link",
      });
    });
    return true;
  }

  async #mailAnswer({ questionId, listingId }: { questionId: number; listingId: number }) {
    const read = this.#read();
    const question = await read.find(listingId, questionId);
    if (question?.status !== "answered") return; // published since: the FAQ mail covers it
    const to = await read.recipient(question.askerId);
    if (!to) return;
    await this.#mail("answered", to, question);
  }

  async #fanOutFaq({ questionId, listingId }: { questionId: number; listingId: number }) {
    const recipients = await this.#read().roomRecipients(listingId);
    await this.#d.database.transaction(async (trx) => {
      for (const r of recipients) {
        await this.#d.jobs.enqueue(
          trx,
          JOB.faqSend,
          { questionId, listingId, userId: r.userId },
          { uniqueKey: `${JOB.faqSend}:${questionId}:${r.userId}` },
        );
      }
    });
  }

  async #mailFaq({
    questionId,
    listingId,
    userId,
  }: {
    questionId: number;
    listingId: number;
    userId: number;
  }) {
    const read = this.#read();
    const question = await read.find(listingId, questionId);
    if (!question?.published) return;
    const to = await read.recipient(userId);
    if (!to) return;
    await this.#mail("faqPublished", to, question);
  }

  async #mail(occasion: QuestionMailOccasion, to: QuestionMailRecipient, question: Question) {
    const header = await this.#read().listingHeader(question.listingId);
    const unsubscribeUrl = await this.unsubscribeUrl(to.userId);
    const mail = questionMail(occasion, this.#d.config, to, question, header, unsubscribeUrl);
    const { mailError } = await this.#d.mailroom.transactionReportingMail(
      () => undefined,
      async (_, fileMail) => fileMail(mail),
    );
    if (mailError) throw new Error(mailError); // the job retries with backoff
  }

  #read(): QuestionRepository {
    return new QuestionRepository(this.#d.database.db);
  }

  #trail(executor: Executor): AuditTrail {
    return new AuditTrail(executor, this.#d.clock);
  }

  #now(): string {
    return new Date(this.#d.clock.now()).toISOString();
  }
}

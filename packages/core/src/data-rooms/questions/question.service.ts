import {
  type AnswerQuestionInput,
  type AskQuestionInput,
  fail,
  forbidden,
  notFound,
  QA_TEXTS,
  type QuestionLimitsInput,
  type QuestionQueueFilter,
  questionDeadlineText,
  questionSimilarity,
  questionWords,
  refuseWhileViewingAs,
  type SessionUser,
  SIMILAR_QUESTIONS_SHOWN,
  SIMILARITY_THRESHOLD,
} from "@aea/domain";
import { AuditTrail } from "../../audit/audit-trail.ts";
import type { Executor } from "../../db/database.ts";
import { dataRoomStores } from "../data-room-stores.ts";
import { type Actor, actorOf, roomEvent } from "../room-events.ts";
import { type RoomServiceDeps, type RoomServiceOptions, withClock } from "../room-service-deps.ts";
import {
  type Question,
  type QuestionLimits,
  QuestionRepository,
  type QueuedQuestion,
} from "./question.repository.ts";
import { QuestionMailer } from "./question-mailer.ts";
import { ownQuestion, published, type QuestionsView, type SimilarQuestion } from "./question-views.ts";

/** What a buyer of the room reads: the FAQ never names the asker; a question's answer is its asker's. */
/**
 * Q&A per data room (issue 23): a buyer who signed the listing's confidentiality agreement asks;
 * staff (whoever may change the room: admins) take questions in hand and answer each privately to
 * its asker or publish it, without the asker's name, as an FAQ for every buyer in the room. Every
 * step is in the room's audit trail; mail goes through the outbox from background jobs, each with an
 * unsubscribe link that works without a login.
 */
export class QuestionService {
  readonly #d: RoomServiceDeps;
  readonly #mailer: QuestionMailer;

  constructor(options: RoomServiceOptions) {
    this.#d = withClock(options);
    this.#mailer = new QuestionMailer(this.#d);
  }

  /** The room's FAQ, the viewer's own questions and whether they may ask (404 outside an open room). */
  async view(user: SessionUser | null, listingId: number): Promise<QuestionsView> {
    await this.#d.access.openDataRoom(user, listingId);
    const viewer = user as SessionUser;
    const read = this.#read();
    const [faq, limits] = await Promise.all([read.published(listingId), read.limits(listingId)]);
    if (viewer.isAdmin) {
      return { isStaff: true, faq: faq.map(published), mine: [], limits, asked: 0, cannotAsk: null };
    }
    const [mine, cannotAsk] = await Promise.all([
      read.askedBy(listingId, viewer.id),
      this.#whyNot(read, viewer, listingId, limits),
    ]);
    return {
      isStaff: false,
      faq: faq.map(published),
      mine: mine.map(ownQuestion),
      limits,
      asked: mine.length,
      cannotAsk: cannotAsk?.message ?? null,
    };
  }

  /** The room's files a question may name (the ask form's choice), by name. */
  async roomFiles(user: SessionUser | null, listingId: number): Promise<{ id: number; name: string }[]> {
    await this.#d.access.openDataRoom(user, listingId);
    const files = await dataRoomStores(this.#d.database.db).files.files(listingId);
    return files.map((f) => ({ id: f.id, name: f.name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Published questions like `text`, best first: shown before a question is sent. */
  async similar(user: SessionUser | null, listingId: number, text: string): Promise<SimilarQuestion[]> {
    await this.#d.access.openDataRoom(user, listingId);
    const words = questionWords(text);
    const faq = await this.#read().published(listingId);
    return faq
      .map((q) => ({ ...published(q), score: questionSimilarity(words, questionWords(q.text)) }))
      .filter((q) => q.score >= SIMILARITY_THRESHOLD)
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .slice(0, SIMILAR_QUESTIONS_SHOWN);
  }

  /** A buyer asks; refused without an agreement, after the deadline, over the limit, while viewing as. */
  async ask(
    user: SessionUser | null,
    listingId: number,
    input: AskQuestionInput,
    ipAddress: string | null,
  ): Promise<Question> {
    refuseWhileViewingAs(user);
    await this.#d.access.openDataRoom(user, listingId).catch(async (error: unknown) => {
      // A buyer let in who has not signed yet is told what to do; anyone else gets the room's 404.
      const stores = dataRoomStores(this.#d.database.db);
      if (user && (await stores.dataRoomGrants.has(user.id, listingId)))
        if (!(await stores.signedAgreements.find(user.id, listingId))) throw forbidden(QA_TEXTS.noAgreement);
      throw error;
    });
    const asker = user as SessionUser;
    if (asker.isAdmin) throw forbidden("Staff answer questions; buyers ask them.");
    return this.#d.database.transaction(async (trx) => {
      const stores = new QuestionRepository(trx);
      const refusal = await this.#whyNot(stores, asker, listingId, await stores.limits(listingId));
      if (refusal) throw refusal;
      let fileId: number | null = null;
      let fileName: string | undefined;
      if (input.fileId !== undefined) {
        const file = await dataRoomStores(trx).files.file(listingId, input.fileId);
        if (!file) throw fail("VALIDATION", "fileId: choose a file of this data room.");
        fileId = file.id;
        fileName = file.name;
      }
      const question = await stores.insert({
        listingId,
        askerId: asker.id,
        text: input.text,
        category: input.category,
        priority: input.priority,
        fileId,
        at: this.#now(),
      });
      await this.#trail(trx).record(
        roomEvent(
          actorOf(asker, ipAddress),
          listingId,
          "question-asked",
          this.#details(question, fileName ? { fileName } : {}),
          fileId ? { file: fileId } : {},
        ),
      );
      return question;
    });
  }

  /** Staff's queue for the listing, with its filters and the buyers who asked. */
  async queue(
    user: SessionUser | null,
    listingId: number,
    filter: QuestionQueueFilter,
  ): Promise<{ questions: QueuedQuestion[]; askers: { userId: number; name: string; email: string }[] }> {
    await this.#staff(user, listingId, null);
    const read = this.#read();
    const [questions, askers] = await Promise.all([
      read.queue(listingId, filter, this.#d.clock.now()),
      read.askers(listingId),
    ]);
    return { questions, askers };
  }

  /** Staff take a new question in hand (status "in progress"), so others see someone is on it. */
  async take(user: SessionUser | null, listingId: number, questionId: number, ip: string | null) {
    const actor = await this.#staff(user, listingId, ip);
    await this.#d.database.transaction(async (trx) => {
      const stores = new QuestionRepository(trx);
      const question = await stores.find(listingId, questionId);
      if (!question) throw notFound("No such question");
      const moved = await stores.move(listingId, questionId, ["new"], {
        status: "in-progress",
        updatedAt: this.#now(),
      });
      if (!moved) throw fail("QUESTION_ALREADY_ANSWERED", QA_TEXTS.alreadyAnswered);
      await this.#trail(trx).record(roomEvent(actor, listingId, "question-taken", this.#details(question)));
    });
  }

  /**
   * Staff answer: privately (the asker is mailed) or published as an FAQ (every buyer in the room is
   * mailed; the asker stays unnamed). A question already answered by someone else is not overwritten.
   */
  async answer(
    user: SessionUser | null,
    listingId: number,
    input: AnswerQuestionInput,
    ip: string | null,
  ): Promise<Question> {
    const actor = await this.#staff(user, listingId, ip);
    const now = this.#now();
    const publish = input.visibility === "faq";
    return this.#d.database.transaction(async (trx) => {
      const stores = new QuestionRepository(trx);
      const question = await stores.find(listingId, input.questionId);
      if (!question) throw notFound("No such question");
      const files = dataRoomStores(trx).files;
      for (const fileId of new Set(input.fileIds ?? []))
        if (!(await files.file(listingId, fileId))) throw fail("VALIDATION", QA_TEXTS.citeRoomFiles);
      // A private answer may still be published later (with the answer as it stands or reworded).
      const from = publish
        ? (["new", "in-progress", "answered"] as const)
        : (["new", "in-progress"] as const);
      const moved = await stores.move(listingId, question.id, from, {
        status: publish ? "published" : "answered",
        answer: input.answer,
        answeredBy: actor.userId,
        answeredAt: now,
        ...(publish ? { published: 1, publishedAt: now } : {}),
        updatedAt: now,
      });
      if (!moved) throw fail("QUESTION_ALREADY_ANSWERED", QA_TEXTS.alreadyAnswered);
      const cited = [...new Set(input.fileIds ?? [])];
      await stores.cite(question.id, cited);
      await this.#trail(trx).record(
        roomEvent(actor, listingId, publish ? "question-published" : "question-answered", {
          ...this.#details(question),
          ...(cited.length ? { citedFiles: cited.join(",") } : {}),
        }),
      );
      await this.#mailer.enqueue(trx, publish ? "faqPublished" : "answered", question);
      return (await stores.find(listingId, question.id)) as Question;
    });
  }

  /** Staff set the listing's limits (blank: none). */
  async setLimits(
    user: SessionUser | null,
    listingId: number,
    input: QuestionLimitsInput,
    ip: string | null,
  ) {
    const actor = await this.#staff(user, listingId, ip);
    const limits = { maxPerBuyer: input.maxPerBuyer ?? null, deadline: input.deadline ?? null };
    await this.#d.database.transaction(async (trx) => {
      await new QuestionRepository(trx).setLimits(listingId, limits, actor.userId, this.#now());
      await this.#trail(trx).record(roomEvent(actor, listingId, "question-limits-changed", { ...limits }));
    });
    return limits;
  }

  // Unsubscribing from Q&A mail (a signed link, no login; opening it only asks): the mailer's.

  unsubscribeUrl(userId: number): Promise<string> {
    return this.#mailer.unsubscribeUrl(userId);
  }

  unsubscribeTokenOwner(token: string): Promise<{ userId: number; email: string } | undefined> {
    return this.#mailer.unsubscribeTokenOwner(token);
  }

  unsubscribe(token: string): Promise<boolean> {
    return this.#mailer.unsubscribe(token);
  }

  /** Why the buyer may not ask now, as the error to throw; undefined when they may. */
  async #whyNot(stores: QuestionRepository, buyer: SessionUser, listingId: number, limits: QuestionLimits) {
    const agreement = await dataRoomStores(this.#executor(stores)).signedAgreements.find(buyer.id, listingId);
    if (!agreement) return forbidden(QA_TEXTS.noAgreement);
    if (limits.deadline && Date.parse(limits.deadline) <= this.#d.clock.now())
      return fail("QUESTIONS_CLOSED", QA_TEXTS.closed(questionDeadlineText(limits.deadline)));
    if (limits.maxPerBuyer !== null && (await stores.countAskedBy(listingId, buyer.id)) >= limits.maxPerBuyer)
      return fail("QUESTION_LIMIT_REACHED", QA_TEXTS.limitReached(limits.maxPerBuyer));
    return undefined;
  }

  async #staff(user: SessionUser | null, listingId: number, ip: string | null): Promise<Actor> {
    refuseWhileViewingAs(user);
    await this.#d.access.openDataRoom(user, listingId);
    if (!user?.isAdmin) throw forbidden(QA_TEXTS.staffOnly);
    return { userId: user.id, ipAddress: ip };
  }

  /** What the trail says of a question: its number and category, and the item column's name. */
  #details(question: Question, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: `Question #${question.id}`,
      questionId: question.id,
      category: question.category,
      askerId: question.askerId,
      ...extra,
    };
  }

  #read(): QuestionRepository {
    return new QuestionRepository(this.#d.database.db);
  }

  #executor(stores: QuestionRepository): Executor {
    return stores.executor;
  }

  #trail(executor: Executor): AuditTrail {
    return new AuditTrail(executor, this.#d.clock);
  }

  #now(): string {
    return new Date(this.#d.clock.now()).toISOString();
  }
}

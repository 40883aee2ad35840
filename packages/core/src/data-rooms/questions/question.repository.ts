import type { QuestionCategory, QuestionPriority, QuestionQueueFilter, QuestionStatus } from "@aea/domain";
import { displayName } from "@aea/domain";
import type { Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { DataRoomQuestionRow } from "../../db/schema.ts";

/** A buyer's question as stored, with the names staff see (never shown to other buyers). */
export interface Question {
  id: number;
  listingId: number;
  askerId: number;
  text: string;
  category: QuestionCategory;
  priority: QuestionPriority;
  fileId: number | null;
  fileName: string | null;
  status: QuestionStatus;
  answer: string | null;
  /** The room's files the answer cites, by name. */
  citedFiles: CitedFile[];
  answeredBy: number | null;
  answeredAt: string | null;
  published: boolean;
  publishedAt: string | null;
  askedAt: string;
  updatedAt: string;
}

export interface CitedFile {
  id: number;
  name: string;
}

/** The asker, for staff's queue. */
export interface QueuedQuestion extends Question {
  askerName: string;
  askerEmail: string;
  answeredByName: string | null;
}

export interface QuestionLimits {
  maxPerBuyer: number | null;
  deadline: string | null;
}

/** A buyer of the room who is mailed about Q&A. */
export interface QuestionMailRecipient {
  userId: number;
  email: string;
  firstName: string;
}

type Row = Selectable<DataRoomQuestionRow> & { fileName: string | null };

const questionOf = (row: Row): Question => ({
  id: Number(row.id),
  listingId: row.ListingId,
  askerId: row.askerId,
  text: row.text,
  category: row.category as QuestionCategory,
  priority: row.priority as QuestionPriority,
  fileId: row.fileId,
  fileName: row.fileName,
  status: row.status as QuestionStatus,
  answer: row.answer,
  citedFiles: [],
  answeredBy: row.answeredBy,
  answeredAt: row.answeredAt,
  published: Boolean(row.published),
  publishedAt: row.publishedAt,
  askedAt: row.askedAt,
  updatedAt: row.updatedAt,
});

/** Questions, limits and Q&A mail opt-outs of data rooms. */
export class QuestionRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** The executor it writes through (the same transaction for a service's other stores). */
  get executor(): Executor {
    return this.#db;
  }

  #select() {
    return this.#db
      .selectFrom("data_room_questions as q")
      .leftJoin("data_room_files as f", (join) =>
        join.onRef("f.id", "=", "q.fileId").onRef("f.ListingId", "=", "q.ListingId"),
      )
      .selectAll("q")
      .select("f.name as fileName");
  }

  async insert(question: {
    listingId: number;
    askerId: number;
    text: string;
    category: QuestionCategory;
    priority: QuestionPriority;
    fileId: number | null;
    at: string;
  }): Promise<Question> {
    const { id } = await this.#db
      .insertInto("data_room_questions")
      .values({
        ListingId: question.listingId,
        askerId: question.askerId,
        text: question.text,
        category: question.category,
        priority: question.priority,
        fileId: question.fileId,
        status: "new",
        answer: null,
        answeredBy: null,
        answeredAt: null,
        published: 0,
        publishedAt: null,
        askedAt: question.at,
        updatedAt: question.at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return (await this.find(question.listingId, Number(id))) as Question;
  }

  async find(listingId: number, questionId: number): Promise<Question | undefined> {
    const row = await this.#select()
      .where("q.ListingId", "=", listingId)
      .where("q.id", "=", questionId)
      .executeTakeFirst();
    return row && (await this.#withCitations([questionOf(row)]))[0];
  }

  /** The questions with the files their answers cite (one query for all of them). */
  async #withCitations<Q extends Question>(questions: Q[]): Promise<Q[]> {
    const answered = questions.filter((q) => q.answer !== null).map((q) => q.id);
    if (answered.length === 0) return questions;
    const rows = await this.#db
      .selectFrom("data_room_answer_files as c")
      .innerJoin("data_room_files as f", "f.id", "c.fileId")
      .select(["c.questionId", "f.id", "f.name"])
      .where("c.questionId", "in", answered)
      .orderBy("f.name")
      .execute();
    for (const question of questions)
      question.citedFiles = rows
        .filter((row) => Number(row.questionId) === question.id)
        .map((row) => ({ id: Number(row.id), name: row.name }));
    return questions;
  }

  /** Puts `fileIds` (files of the question's room, checked by the caller) as what its answer cites. */
  async cite(questionId: number, fileIds: readonly number[]): Promise<void> {
    await this.#db.deleteFrom("data_room_answer_files").where("questionId", "=", questionId).execute();
    if (fileIds.length === 0) return;
    await this.#db
      .insertInto("data_room_answer_files")
      .values(fileIds.map((fileId) => ({ questionId, fileId })))
      .execute();
  }

  /** The buyer's own questions in the room, newest first. */
  async askedBy(listingId: number, userId: number): Promise<Question[]> {
    const rows = await this.#select()
      .where("q.ListingId", "=", listingId)
      .where("q.askerId", "=", userId)
      .orderBy("q.askedAt", "desc")
      .orderBy("q.id", "desc")
      .execute();
    return this.#withCitations(rows.map(questionOf));
  }

  async countAskedBy(listingId: number, userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom("data_room_questions")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("ListingId", "=", listingId)
      .where("askerId", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The room's FAQ, newest first. */
  async published(listingId: number): Promise<Question[]> {
    const rows = await this.#select()
      .where("q.ListingId", "=", listingId)
      .where("q.published", "=", 1)
      .orderBy("q.publishedAt", "desc")
      .orderBy("q.id", "desc")
      .execute();
    return this.#withCitations(rows.map(questionOf));
  }

  /** Staff's queue: the oldest waiting first, with the asker named. */
  async queue(listingId: number, filter: QuestionQueueFilter, now: number): Promise<QueuedQuestion[]> {
    let query = this.#db
      .selectFrom("data_room_questions as q")
      .innerJoin("users as u", "u.id", "q.askerId")
      .leftJoin("users as a", "a.id", "q.answeredBy")
      .leftJoin("data_room_files as f", (join) =>
        join.onRef("f.id", "=", "q.fileId").onRef("f.ListingId", "=", "q.ListingId"),
      )
      .selectAll("q")
      .select([
        "f.name as fileName",
        "u.firstName",
        "u.middle",
        "u.lastName",
        "u.email",
        "a.firstName as aFirst",
        "a.middle as aMiddle",
        "a.lastName as aLast",
      ])
      .where("q.ListingId", "=", listingId);
    if (filter.status) query = query.where("q.status", "=", filter.status);
    if (filter.category) query = query.where("q.category", "=", filter.category);
    if (filter.buyer) query = query.where("q.askerId", "=", filter.buyer);
    if (filter.olderThanDays !== undefined) {
      const before = new Date(now - filter.olderThanDays * 86_400_000).toISOString();
      query = query.where("q.askedAt", "<=", before);
    }
    const rows = await query.orderBy("q.askedAt", "asc").orderBy("q.id", "asc").execute();
    const queued = rows.map((row) => ({
      ...questionOf(row),
      askerName: displayName(row),
      askerEmail: row.email,
      answeredByName:
        row.aFirst === null
          ? null
          : displayName({ firstName: row.aFirst, middle: row.aMiddle, lastName: row.aLast ?? "" }),
    }));
    return this.#withCitations(queued);
  }

  /** The buyers who asked in the room (the queue's buyer filter). */
  async askers(listingId: number): Promise<{ userId: number; name: string; email: string }[]> {
    const rows = await this.#db
      .selectFrom("data_room_questions as q")
      .innerJoin("users as u", "u.id", "q.askerId")
      .select(["u.id", "u.firstName", "u.middle", "u.lastName", "u.email"])
      .distinct()
      .where("q.ListingId", "=", listingId)
      .orderBy("u.email")
      .execute();
    return rows.map((row) => ({ userId: row.id, name: displayName(row), email: row.email }));
  }

  /**
   * Moves a question from one of `from` to its new state; false when someone else moved it first
   * (two staff answering at once: the second is told, nothing is overwritten).
   */
  async move(
    listingId: number,
    questionId: number,
    from: readonly QuestionStatus[],
    change: Partial<{
      status: QuestionStatus;
      answer: string;
      answeredBy: number;
      answeredAt: string;
      published: number;
      publishedAt: string;
    }> & { updatedAt: string },
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable("data_room_questions")
      .set(change)
      .where("ListingId", "=", listingId)
      .where("id", "=", questionId)
      .where("status", "in", [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async limits(listingId: number): Promise<QuestionLimits> {
    const row = await this.#db
      .selectFrom("data_room_question_limits")
      .select(["maxPerBuyer", "deadline"])
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return { maxPerBuyer: row?.maxPerBuyer ?? null, deadline: row?.deadline ?? null };
  }

  async setLimits(listingId: number, limits: QuestionLimits, by: number, at: string): Promise<void> {
    await this.#db
      .insertInto("data_room_question_limits")
      .values({ ListingId: listingId, ...limits, updatedBy: by, updatedAt: at })
      .onConflict((oc) => oc.column("ListingId").doUpdateSet({ ...limits, updatedBy: by, updatedAt: at }))
      .execute();
  }

  /**
   * Every buyer in the room who may read its FAQ and has not unsubscribed from Q&A mail: let in,
   * agreement signed, address verified, not staff.
   */
  async roomRecipients(listingId: number): Promise<QuestionMailRecipient[]> {
    const rows = await this.#db
      .selectFrom("data_room_grants as g")
      .innerJoin("signed_agreements as s", (join) =>
        join.onRef("s.userId", "=", "g.userId").onRef("s.ListingId", "=", "g.ListingId"),
      )
      .innerJoin("users as u", "u.id", "g.userId")
      .leftJoin("data_room_question_mail_optouts as o", "o.userId", "g.userId")
      .select(["u.id", "u.email", "u.firstName"])
      .distinct()
      .where("g.ListingId", "=", listingId)
      .where("u.isAdmin", "=", 0)
      .where("u.verified", "=", 1)
      .where("o.userId", "is", null)
      .orderBy("u.id")
      .execute();
    return rows.map((row) => ({ userId: row.id, email: row.email, firstName: row.firstName }));
  }

  /** The buyer, when they are still to be mailed about Q&A (verified, not unsubscribed). */
  async recipient(userId: number): Promise<QuestionMailRecipient | undefined> {
    const row = await this.#db
      .selectFrom("users as u")
      .leftJoin("data_room_question_mail_optouts as o", "o.userId", "u.id")
      .select(["u.id", "u.email", "u.firstName"])
      .where("u.id", "=", userId)
      .where("u.verified", "=", 1)
      .where("o.userId", "is", null)
      .executeTakeFirst();
    return row && { userId: row.id, email: row.email, firstName: row.firstName };
  }

  async optOut(userId: number, at: string): Promise<void> {
    await this.#db
      .insertInto("data_room_question_mail_optouts")
      .values({ userId, at })
      .onConflict((oc) => oc.column("userId").doNothing())
      .execute();
  }

  async email(userId: number): Promise<string | undefined> {
    const row = await this.#db
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row?.email;
  }

  /** The listing's header for a mail's subject, or its number when it is gone. */
  async listingHeader(listingId: number): Promise<string> {
    const row = await this.#db
      .selectFrom("listings")
      .select("Header")
      .where("ListingId", "=", listingId)
      .executeTakeFirst();
    return row?.Header ?? `deal #${listingId}`;
  }
}

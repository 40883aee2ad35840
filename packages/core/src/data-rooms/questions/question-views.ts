import type { CitedFile, Question, QuestionLimits } from "./question.repository.ts";

// What each reader may see of a room's questions: the FAQ never names the asker; a question's answer
// is its asker's; staff see the queue (the repository's QueuedQuestion).

export interface PublishedQuestion {
  id: number;
  text: string;
  category: Question["category"];
  answer: string;
  publishedAt: string;
  fileId: number | null;
  fileName: string | null;
  citedFiles: CitedFile[];
}

export interface SimilarQuestion extends PublishedQuestion {
  score: number;
}

/** What a buyer may read of their own question: no staff names. */
export type OwnQuestion = Pick<
  Question,
  | "id"
  | "text"
  | "category"
  | "priority"
  | "status"
  | "fileId"
  | "fileName"
  | "answer"
  | "citedFiles"
  | "askedAt"
  | "answeredAt"
>;

export const ownQuestion = (q: Question): OwnQuestion => ({
  id: q.id,
  text: q.text,
  category: q.category,
  priority: q.priority,
  status: q.status,
  fileId: q.fileId,
  fileName: q.fileName,
  answer: q.answer,
  citedFiles: q.citedFiles,
  askedAt: q.askedAt,
  answeredAt: q.answeredAt,
});

/** The room's Q&A as the viewer may see it. */
export interface QuestionsView {
  isStaff: boolean;
  faq: PublishedQuestion[];
  /** The viewer's own questions (buyers). */
  mine: OwnQuestion[];
  limits: QuestionLimits;
  /** Questions the viewer asked, against the limit. */
  asked: number;
  /** Why the viewer may not ask now (no agreement, deadline passed, limit reached), if so. */
  cannotAsk: string | null;
}

export const published = (q: Question): PublishedQuestion => ({
  id: q.id,
  text: q.text,
  category: q.category,
  answer: q.answer ?? "",
  publishedAt: q.publishedAt ?? q.updatedAt,
  fileId: q.fileId,
  fileName: q.fileName,
  citedFiles: q.citedFiles,
});

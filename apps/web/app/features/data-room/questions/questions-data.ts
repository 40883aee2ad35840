import type { QuestionCategory, QuestionPriority, QuestionStatus } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";

/** What the questions page reads: the room's FAQ, the viewer's questions, the staff queue. */
/** What the page's action answers: which form, its result, a notice, similar questions to show. */
export interface QuestionsAction {
  intent: "ask" | "answer" | "take" | "limits";
  result?: SubmissionResult<string[]>;
  notice?: string;
  similar?: FaqEntry[];
}

export interface FaqEntry {
  id: number;
  text: string;
  category: QuestionCategory;
  answer: string;
  publishedAt?: string;
  fileId: number | null;
  fileName: string | null;
  citedFiles: CitedFile[];
}

/** A file of the room an answer cites. */
export interface CitedFile {
  id: number;
  name: string;
}

export interface OwnQuestion {
  id: number;
  text: string;
  category: QuestionCategory;
  priority: QuestionPriority;
  status: QuestionStatus;
  fileId: number | null;
  fileName: string | null;
  answer: string | null;
  citedFiles: CitedFile[];
  askedAt: string;
  answeredAt: string | null;
}

export interface QueuedQuestion extends OwnQuestion {
  askerId: number;
  askerName: string;
  askerEmail: string;
  answeredByName: string | null;
  published: boolean;
}

export interface Common {
  deal: { id: number; header: string };
  files: { id: number; name: string }[];
  faq: FaqEntry[];
  limits: { maxPerBuyer: number | null; deadline: string | null };
}

export type QuestionsData =
  | (Common & { role: "buyer"; mine: OwnQuestion[]; asked: number; cannotAsk: string | null })
  | (Common & {
      role: "staff";
      filter: {
        status?: QuestionStatus;
        category?: QuestionCategory;
        buyer?: number;
        olderThanDays?: number;
      };
      filterError: string | null;
      queue: QueuedQuestion[];
      askers: { userId: number; name: string; email: string }[];
    });

import type { Generated } from "kysely";

export interface DataRoomQuestionRow {
  id: Generated<number>;
  ListingId: number;
  askerId: number;
  text: string;
  category: string;
  priority: string;
  fileId: number | null;
  status: string;
  answer: string | null;
  answeredBy: number | null;
  answeredAt: string | null;
  /** 1 when published as an FAQ to every buyer in the room (without the asker's name). */
  published: number;
  publishedAt: string | null;
  askedAt: string;
  updatedAt: string;
}

export interface DataRoomQuestionLimitsRow {
  ListingId: number;
  maxPerBuyer: number | null;
  deadline: string | null;
  updatedBy: number | null;
  updatedAt: string;
}

export interface DataRoomQuestionMailOptOutRow {
  userId: number;
  at: string;
}

/** A file of its room an answer cites (since migration 036). */
export interface DataRoomAnswerFileRow {
  questionId: number;
  fileId: number;
}

/** Q&A per data room (since migration 029). */
export interface DataRoomQuestionTables {
  data_room_questions: DataRoomQuestionRow;
  data_room_answer_files: DataRoomAnswerFileRow;
  data_room_question_limits: DataRoomQuestionLimitsRow;
  data_room_question_mail_optouts: DataRoomQuestionMailOptOutRow;
}

// The schemas of the Q&A forms and API, apart from the texts and rules beside them (decision 037).
import { z } from "../zod.ts";
import {
  ANSWER_MAX_LENGTH,
  QUESTION_CATEGORIES,
  QUESTION_MAX_LENGTH,
  QUESTION_PRIORITIES,
  QUESTION_STATUSES,
} from "./questions.ts";

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const listingId = z.coerce
  .number({ error: "Which deal? listingId must be a deal number." })
  .int("Which deal? listingId must be a deal number.")
  .positive("Which deal? listingId must be a deal number.");

const questionId = z.coerce
  .number({ error: "Which question? questionId must be a question number." })
  .int("Which question? questionId must be a question number.")
  .positive("Which question? questionId must be a question number.");

const questionText = z
  .string({ error: "Type your question." })
  .trim()
  .min(1, "Type your question.")
  .max(QUESTION_MAX_LENGTH, `A question is at most ${QUESTION_MAX_LENGTH} characters.`);

/** The ask form and POST /api/data-room-questions/Ask (the API adds listingId). */
export const askQuestionSchema = z.object({
  text: questionText,
  category: z.enum(QUESTION_CATEGORIES, { error: "Choose a category from the list." }),
  priority: z.preprocess(
    blankToUndefined,
    z.enum(QUESTION_PRIORITIES, { error: "Choose a priority from the list." }).default("normal"),
  ),
  fileId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Choose a file of the data room." })
      .int("Choose a file of the data room.")
      .positive("Choose a file of the data room.")
      .optional(),
  ),
});
export type AskQuestionInput = z.output<typeof askQuestionSchema>;
export const askQuestionApiSchema = askQuestionSchema.extend({ listingId });

/** The ask form's look-up while the buyer types (GET …/data-room/questions/similar?text=). */
export const similarQuestionsQuerySchema = z.object({
  text: z
    .string({ error: "Type the question to compare." })
    .max(QUESTION_MAX_LENGTH, `A question is at most ${QUESTION_MAX_LENGTH} characters.`),
});

/** Similar published questions, before a question is sent. */
export const similarQuestionsApiSchema = similarQuestionsQuerySchema.extend({ listingId });

/** How many of the room's files one answer may cite. */
export const ANSWER_CITED_FILES_MAX = 10;

/** Staff's answer: privately to the asker, or published as an FAQ to every buyer in the room. */
export const answerQuestionSchema = z.object({
  questionId,
  answer: z
    .string({ error: "Type the answer." })
    .trim()
    .min(1, "Type the answer.")
    .max(ANSWER_MAX_LENGTH, `An answer is at most ${ANSWER_MAX_LENGTH} characters.`),
  visibility: z.enum(["private", "faq"], { error: "Choose whether to answer privately or publish." }),
  /** Files of the room the answer cites (a form sends none, one or several `fileIds`). */
  fileIds: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.coerce.number().int().positive("Choose files of this data room."))
      .max(ANSWER_CITED_FILES_MAX, `Cite at most ${ANSWER_CITED_FILES_MAX} files.`),
  ),
});
/** An answer; one citing nothing may leave `fileIds` out. */
export type AnswerQuestionInput = Omit<z.output<typeof answerQuestionSchema>, "fileIds"> & {
  fileIds?: readonly number[];
};
export const answerQuestionApiSchema = answerQuestionSchema.extend({ listingId });

export const takeQuestionApiSchema = z.object({ listingId, questionId });

const deadline = z.preprocess(
  blankToUndefined,
  z
    .string()
    // A date-time field sends no zone: the form says the deadline is in UTC.
    .transform((v) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00Z` : v))
    .refine((v) => !Number.isNaN(Date.parse(v)), "The deadline must be a date and time.")
    .transform((v) => new Date(v).toISOString())
    .optional(),
);

/** Staff's per-listing limits; blank means no limit. */
export const questionLimitsSchema = z.object({
  maxPerBuyer: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Questions per buyer must be a whole number." })
      .int("Questions per buyer must be a whole number.")
      .min(1, "Questions per buyer must be 1 or more.")
      .max(10_000, "Questions per buyer must be at most 10000.")
      .optional(),
  ),
  deadline,
});
export type QuestionLimitsInput = z.output<typeof questionLimitsSchema>;
export const questionLimitsApiSchema = questionLimitsSchema.extend({ listingId });

/** The staff queue's filters (a GET form and the API's query). */
export const questionQueueFilterSchema = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(QUESTION_STATUSES, { error: "Choose a status from the list." }).optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.enum(QUESTION_CATEGORIES, { error: "Choose a category from the list." }).optional(),
  ),
  buyer: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().positive("Choose a buyer from the list.").optional(),
  ),
  /** Only questions asked at least this many days ago (the ones waiting longest). */
  olderThanDays: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Age must be a number of days." })
      .int("Age must be a whole number of days.")
      .min(0, "Age must be 0 days or more.")
      .max(3650, "Age must be at most 3650 days.")
      .optional(),
  ),
});
export type QuestionQueueFilter = z.output<typeof questionQueueFilterSchema>;
export const questionQueueApiSchema = questionQueueFilterSchema.extend({ listingId });

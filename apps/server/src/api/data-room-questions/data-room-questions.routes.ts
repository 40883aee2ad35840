import { type Core, ownQuestion } from "@aea/core";
import {
  answerQuestionApiSchema,
  askQuestionApiSchema,
  QA_TEXTS,
  QUESTION_CATEGORIES,
  QUESTION_PRIORITIES,
  QUESTION_STATUSES,
  questionLimitsApiSchema,
  questionQueueApiSchema,
  similarQuestionsApiSchema,
  takeQuestionApiSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { failureReply } from "../shared/replies.ts";
import { signedInCalls } from "../shared/signed-in-calls.ts";

const citedFiles = z.array(z.object({ id: z.number(), name: z.string() }));
const faqEntry = z.object({
  id: z.number(),
  text: z.string(),
  category: z.enum(QUESTION_CATEGORIES),
  answer: z.string(),
  publishedAt: z.string(),
  fileId: z.number().nullable(),
  fileName: z.string().nullable(),
  citedFiles,
});
const ownQuestionBody = z.object({
  id: z.number(),
  text: z.string(),
  category: z.enum(QUESTION_CATEGORIES),
  priority: z.enum(QUESTION_PRIORITIES),
  status: z.enum(QUESTION_STATUSES),
  fileId: z.number().nullable(),
  fileName: z.string().nullable(),
  answer: z.string().nullable(),
  citedFiles,
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
});
const queuedQuestion = ownQuestionBody.extend({
  askerId: z.number(),
  askerName: z.string(),
  askerEmail: z.string(),
  answeredByName: z.string().nullable(),
  published: z.boolean(),
});
const limits = z.object({ maxPerBuyer: z.number().nullable(), deadline: z.string().nullable() });

/**
 * Q&A per data room (issue 23). Every call answers only inside a room the viewer may open (404
 * otherwise, as for a missing deal); asking needs the listing's signed agreement; the queue, answers
 * and limits are staff's (403 for a buyer). Writes are refused while viewing as a buyer.
 */
export async function dataRoomQuestionRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const { post, get } = signedInCalls(app, ["Data-room questions"]);
  const questions = core.dataRoomQuestions;

  get(
    "/api/data-room-questions/Room",
    {
      summary: "The room's FAQ, the viewer's own questions and whether they may ask now",
      description:
        "FAQ entries never name the buyer who asked. `cannotAsk` says why a buyer may not ask (no agreement, deadline passed, limit reached).",
    },
    z.object({ listingId: askQuestionApiSchema.shape.listingId }),
    z.object({
      faq: z.array(faqEntry),
      mine: z.array(ownQuestionBody),
      limits,
      asked: z.number(),
      cannotAsk: z.string().nullable(),
    }),
    (user, { listingId }) => questions.view(user, listingId),
  );

  post(
    "/api/data-room-questions/Similar",
    {
      summary: "Published questions like the one about to be asked",
      description:
        "Scored by the words they share; call it before Ask to show the buyer what is already answered.",
    },
    similarQuestionsApiSchema,
    z.object({ similar: z.array(faqEntry.extend({ score: z.number() })) }),
    async (user, { listingId, text }) => ({ similar: await questions.similar(user, listingId, text) }),
  );

  post(
    "/api/data-room-questions/Ask",
    {
      summary: "Ask the listing's staff a question (a buyer who signed the agreement)",
      description:
        "403 without a signed agreement, 409 QUESTIONS_CLOSED after the listing's deadline, 409 QUESTION_LIMIT_REACHED over its per-buyer limit. fileId, if given, names a file of the same room.",
    },
    askQuestionApiSchema,
    z.object({ message: z.string(), question: ownQuestionBody }),
    async (user, { listingId, ...input }, ip) => {
      const question = await questions.ask(user, listingId, input, ip);
      return { message: QA_TEXTS.asked, question: ownQuestion(question) };
    },
  );

  get(
    "/api/data-room-questions/Queue",
    {
      summary: "The listing's question queue (staff)",
      description: "Oldest first; filter by status, category, buyer (user id) and age (olderThanDays).",
    },
    questionQueueApiSchema,
    z.object({
      questions: z.array(queuedQuestion),
      askers: z.array(z.object({ userId: z.number(), name: z.string(), email: z.string() })),
    }),
    async (user, { listingId, ...filter }) => {
      const queue = await questions.queue(user, listingId, filter);
      return {
        askers: queue.askers,
        questions: queue.questions.map((q) => ({
          ...ownQuestion(q),
          askerId: q.askerId,
          askerName: q.askerName,
          askerEmail: q.askerEmail,
          answeredByName: q.answeredByName,
          published: q.published,
        })),
      };
    },
  );

  post(
    "/api/data-room-questions/Take",
    { summary: "Take a new question in hand: its status becomes in progress (staff)" },
    takeQuestionApiSchema,
    failureReply,
    async (user, { listingId, questionId }, ip) => {
      await questions.take(user, listingId, questionId, ip);
      return { message: QA_TEXTS.taken };
    },
  );

  post(
    "/api/data-room-questions/Answer",
    {
      summary: "Answer a question privately, or publish it with its answer as an FAQ (staff)",
      description:
        "visibility `private` mails the asker; `faq` shows the question (without the asker's name) and the answer to every buyer in the room and mails them. fileIds (optional, at most 10) are files of the same room the answer cites: readers get links that open each in the preview. A question someone already answered answers 409.",
    },
    answerQuestionApiSchema,
    z.object({ message: z.string(), status: z.enum(QUESTION_STATUSES) }),
    async (user, { listingId, ...input }, ip) => {
      const question = await questions.answer(user, listingId, input, ip);
      return {
        message: input.visibility === "faq" ? QA_TEXTS.published : QA_TEXTS.answered,
        status: question.status,
      };
    },
  );

  post(
    "/api/data-room-questions/Limits",
    {
      summary: "Set the listing's question limits (staff)",
      description: "maxPerBuyer and deadline (ISO 8601); leave one out for no limit.",
    },
    questionLimitsApiSchema,
    z.object({ message: z.string(), limits }),
    async (user, { listingId, ...input }, ip) => ({
      message: QA_TEXTS.limitsSaved,
      limits: await questions.setLimits(user, listingId, input, ip),
    }),
  );
}

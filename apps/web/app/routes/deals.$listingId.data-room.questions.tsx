import {
  answerQuestionSchema,
  askQuestionSchema,
  isAppError,
  QA_TEXTS,
  questionLimitsSchema,
  questionQueueFilterSchema,
  type RouteHandle,
  SERVER_ERROR,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { appContext } from "../app-context";
import { enterRoom, listingOf, notFound } from "../features/data-room/data-room-loaders.server";
import type { QuestionsAction } from "../features/data-room/questions/questions-data";
import { QuestionsPage } from "../features/data-room/questions/questions-page";
import { roomSubpageMeta } from "../features/data-room/room-subpage";
import type { Route } from "./+types/deals.$listingId.data-room.questions";

// Signed-in only (a visitor logs in and comes back); the room decides the rest, with its 404.
export const handle = { access: "signed-in-via-login" } satisfies RouteHandle;

/**
 * A data room's questions and answers (issue 23): for a buyer the FAQ, their own questions and the
 * ask form; for staff the queue with its filters, the answer forms and the limits. The way in is the
 * data room's: the access code, the agreement, or the 404 of a room the viewer may not know.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const { listing, deal } = await enterRoom(core, user, params.listingId);
  const view = await core.dataRoomQuestions.view(user, listing.ListingId);
  const files = await core.dataRoomQuestions.roomFiles(user, listing.ListingId);
  if (!view.isStaff) {
    return {
      role: "buyer" as const,
      deal,
      files,
      faq: view.faq,
      mine: view.mine,
      limits: view.limits,
      asked: view.asked,
      cannotAsk: view.cannotAsk,
    };
  }
  const parsed = questionQueueFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const filter = parsed.success ? parsed.data : {};
  const queue = await core.dataRoomQuestions.queue(user, listing.ListingId, filter);
  return {
    role: "staff" as const,
    deal,
    files,
    faq: view.faq,
    limits: view.limits,
    filter,
    filterError: parsed.success ? null : parsed.error.issues.map((i) => i.message).join(" "),
    queue: queue.questions,
    askers: queue.askers,
  };
}

type Intent = QuestionsAction["intent"];

export async function action({ context, params, request }: Route.ActionArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const listing = await listingOf(core, params.listingId);
  if (!user) throw notFound();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const questions = core.dataRoomQuestions;
  const listingId = listing.ListingId;

  /** Runs the change; a refusal the viewer can act on comes back as the form's message. */
  async function attempt<T>(
    submission: { reply(options?: { formErrors?: string[] }): SubmissionResult<string[]> },
    work: () => Promise<T>,
  ) {
    try {
      return { ok: true as const, value: await work() };
    } catch (error) {
      if (isAppError(error) && error.status === 404) throw notFound();
      const message = isAppError(error) && error.status < 500 ? error.message : SERVER_ERROR;
      if (message === SERVER_ERROR) console.error(error);
      const status = isAppError(error) ? error.status : 500;
      return {
        ok: false as const,
        answer: data({ intent, result: submission.reply({ formErrors: [message] }) }, { status }),
      };
    }
  }

  if (intent === "ask") {
    const submission = parseWithZod(formData, { schema: askQuestionSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    // The first press shows the published questions like it; sending needs a second press.
    if (formData.get("checked") !== "yes") {
      const similar = await questions.similar(user, listingId, submission.value.text);
      if (similar.length > 0) return { intent, result: submission.reply(), similar };
    }
    const done = await attempt(submission, () => questions.ask(user, listingId, submission.value, ipAddress));
    if (!done.ok) return done.answer;
    return { intent, result: submission.reply({ resetForm: true }), notice: QA_TEXTS.asked };
  }
  if (intent === "answer") {
    const submission = parseWithZod(formData, { schema: answerQuestionSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const done = await attempt(submission, () =>
      questions.answer(user, listingId, submission.value, ipAddress),
    );
    if (!done.ok) return done.answer;
    return {
      intent,
      result: submission.reply(),
      notice: submission.value.visibility === "faq" ? QA_TEXTS.published : QA_TEXTS.answered,
    };
  }
  if (intent === "take") {
    const questionId = Number(formData.get("questionId"));
    const reply = { reply: () => ({ status: "error" as const, error: {} }) as SubmissionResult<string[]> };
    const done = await attempt(reply, () => questions.take(user, listingId, questionId, ipAddress));
    if (!done.ok) return done.answer;
    return { intent, notice: QA_TEXTS.taken };
  }
  if (intent === "limits") {
    const submission = parseWithZod(formData, { schema: questionLimitsSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const done = await attempt(submission, () =>
      questions.setLimits(user, listingId, submission.value, ipAddress),
    );
    if (!done.ok) return done.answer;
    return { intent, result: submission.reply(), notice: QA_TEXTS.limitsSaved };
  }
  return data({ intent, notice: undefined }, { status: 400 });
}

export const meta: Route.MetaFunction = roomSubpageMeta(QA_TEXTS.title);

export default function DataRoomQuestions({ loaderData, actionData }: Route.ComponentProps) {
  return <QuestionsPage data={loaderData} action={actionData as QuestionsAction | undefined} />;
}

import { QA_TEXTS, type RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import {
  readUnsubscribeLink,
  UnsubscribePage,
  type UnsubscribeTexts,
  unsubscribeByPostedToken,
  unsubscribeMeta,
} from "../components/mail/unsubscribe-page";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/data-room-questions.unsubscribe";

const TEXTS: UnsubscribeTexts = {
  title: QA_TEXTS.unsubscribeTitle,
  ask: QA_TEXTS.unsubscribeAsk,
  unsubscribed: QA_TEXTS.unsubscribed,
  afterwards: QA_TEXTS.unsubscribedNote,
  badLink: QA_TEXTS.unsubscribeBadLink,
};

/**
 * The unsubscribe link of a data-room Q&A mail (an answer, a new FAQ), as deal alerts' one
 * (components/mail/unsubscribe-page.tsx says how it works).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  return readUnsubscribeLink(request, (token) => core.dataRoomQuestions.unsubscribeTokenOwner(token));
}

// Its form post counts against the per-address limit of the account forms (the server reads this).
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

export function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  return unsubscribeByPostedToken(request, (token) => core.dataRoomQuestions.unsubscribe(token));
}

export const meta: Route.MetaFunction = ({ matches }) => unsubscribeMeta(pageTitle(matches, TEXTS.title));

export default function QuestionMailUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage texts={TEXTS} link={loaderData} result={actionData} />;
}

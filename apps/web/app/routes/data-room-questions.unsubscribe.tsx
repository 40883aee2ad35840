import { QA_TEXTS, type RouteHandle } from "@aea/domain";
import { BellOff, CircleCheck } from "lucide-react";
import { data, Form } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { FormCard, FormPage } from "../components/ui/form-card";
import { SubmitButton } from "../components/ui/submit-button";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/data-room-questions.unsubscribe";

/**
 * The unsubscribe link of a data-room Q&A mail (an answer, a new FAQ), no login needed, as deal alerts'. Opening it changes nothing (mail
 * scanners and link previews open links): it names the address and asks; the button posts the
 * signed token back, and only that unsubscribes. A forged or damaged token is refused.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const owner = token.length <= 100 ? await core.dataRoomQuestions.unsubscribeTokenOwner(token) : undefined;
  return { token: owner ? token : null, email: owner?.email ?? null };
}

// Its form post counts against the per-address limit of the account forms (the server reads this).
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const token = String((await request.formData()).get("token") ?? "");
  const done = token.length <= 100 && (await core.dataRoomQuestions.unsubscribe(token));
  return done ? { unsubscribed: true } : data({ unsubscribed: false }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, QA_TEXTS.unsubscribeTitle) },
  { name: "robots", content: "noindex" },
  // The token must not leave in a Referer header to the next site.
  { name: "referrer", content: "no-referrer" },
];

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email } = loaderData;
  const status = useNavigationStatus();
  if (actionData?.unsubscribed) {
    return (
      <FormPage>
        <FormCard
          titleId="unsubscribed-title"
          title="Unsubscribed"
          icon={<CircleCheck aria-hidden size={22} />}
          description={QA_TEXTS.unsubscribed}
        >
          <p className="text-slate-650 text-sm">{QA_TEXTS.unsubscribedNote}</p>
        </FormCard>
      </FormPage>
    );
  }
  return (
    <FormPage>
      <FormCard
        titleId="unsubscribe-title"
        title={QA_TEXTS.unsubscribeTitle}
        icon={<BellOff aria-hidden size={22} />}
        description={email ? QA_TEXTS.unsubscribeAsk(email) : undefined}
      >
        {token && actionData?.unsubscribed !== false ? (
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <SubmitButton status={status} className="w-full">
              Unsubscribe
            </SubmitButton>
          </Form>
        ) : (
          <Alert tone="error">{QA_TEXTS.unsubscribeBadLink}</Alert>
        )}
      </FormCard>
    </FormPage>
  );
}

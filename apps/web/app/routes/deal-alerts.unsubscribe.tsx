import { DEAL_ALERTS_BAD_LINK, DEAL_ALERTS_UNSUBSCRIBED, type RouteHandle } from "@aea/domain";
import { BellOff, CircleCheck } from "lucide-react";
import { data, Form, Link } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { FormCard, FormPage } from "../components/ui/form-card";
import { SubmitButton } from "../components/ui/submit-button";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deal-alerts.unsubscribe";

/**
 * The unsubscribe link of a deal-alert mail, no login needed. Opening it changes nothing (mail
 * scanners and link previews open links): it names the address and asks; the button posts the
 * signed token back, and only that unsubscribes. A forged or damaged token is refused.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const owner = token.length <= 100 ? await core.dealAlerts.unsubscribeTokenOwner(token) : undefined;
  return { token: owner ? token : null, email: owner?.email ?? null };
}

// Its form post counts against the per-address limit of the account forms (the server reads this).
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const token = String((await request.formData()).get("token") ?? "");
  const done = token.length <= 100 && (await core.dealAlerts.unsubscribe(token));
  return done ? { unsubscribed: true } : data({ unsubscribed: false }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Unsubscribe from deal alerts") },
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
          description={DEAL_ALERTS_UNSUBSCRIBED}
        >
          <p className="text-slate-650 text-sm">
            Changed your mind? Choose deal alerts again on your{" "}
            <Link to="/buyer/profile" className="font-medium text-navy-700 underline underline-offset-2">
              Buyer Profile
            </Link>
            .
          </p>
        </FormCard>
      </FormPage>
    );
  }
  return (
    <FormPage>
      <FormCard
        titleId="unsubscribe-title"
        title="Unsubscribe from deal alerts"
        icon={<BellOff aria-hidden size={22} />}
        description={email ? `Stop the emails about new deals to ${email}?` : undefined}
      >
        {token && actionData?.unsubscribed !== false ? (
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <SubmitButton status={status} className="w-full">
              Unsubscribe
            </SubmitButton>
          </Form>
        ) : (
          <Alert tone="error">{DEAL_ALERTS_BAD_LINK}</Alert>
        )}
      </FormCard>
    </FormPage>
  );
}

import { DEAL_ALERTS_BAD_LINK, DEAL_ALERTS_UNSUBSCRIBED, type RouteHandle } from "@aea/domain";
import { Link } from "react-router";
import { appContext } from "../app-context";
import {
  readUnsubscribeLink,
  UnsubscribePage,
  type UnsubscribeTexts,
  unsubscribeByPostedToken,
  unsubscribeMeta,
} from "../components/mail/unsubscribe-page";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deal-alerts.unsubscribe";

const TEXTS: UnsubscribeTexts = {
  title: "Unsubscribe from deal alerts",
  ask: (email) => `Stop the emails about new deals to ${email}?`,
  unsubscribed: DEAL_ALERTS_UNSUBSCRIBED,
  afterwards: (
    <>
      Changed your mind? Choose deal alerts again on your{" "}
      <Link to="/buyer/profile" className="font-medium text-navy-700 underline underline-offset-2">
        Buyer Profile
      </Link>
      .
    </>
  ),
  badLink: DEAL_ALERTS_BAD_LINK,
};

/** The unsubscribe link of a deal-alert mail (components/mail/unsubscribe-page.tsx says how it works). */
export function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  return readUnsubscribeLink(request, (token) => core.dealAlerts.unsubscribeTokenOwner(token));
}

// Its form post counts against the per-address limit of the account forms (the server reads this).
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

export function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  return unsubscribeByPostedToken(request, (token) => core.dealAlerts.unsubscribe(token));
}

export const meta: Route.MetaFunction = ({ matches }) => unsubscribeMeta(pageTitle(matches, TEXTS.title));

export default function DealAlertsUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribePage texts={TEXTS} link={loaderData} result={actionData} />;
}

import type { NotifyResult } from "@aea/core/types";
import { isAppError, isOnPublicMarket, notifyNewDealSchema, type RouteHandle } from "@aea/domain";
import { Send } from "lucide-react";
import { data, Form } from "react-router";
import { appContext } from "../app-context";
import { Section, StatCard } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { fieldStyles } from "../components/ui/field-styles";
import { SubmitButton } from "../components/ui/submit-button";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.notifications";

/** The newest deals first; a longer list would only be scrolled past. */
const DEALS_OFFERED = 100;

export const handle = { access: "admin" } satisfies RouteHandle;

/** Staff announce a new deal to every browser subscribed to push notifications. */
export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const [subscribers, publicDeals] = await Promise.all([core.push.count(), core.listings.publicListings()]);
  const deals = publicDeals
    .filter(isOnPublicMarket)
    .sort((a, b) => (b.dateListed ?? "").localeCompare(a.dateListed ?? "") || b.ListingId - a.ListingId)
    .slice(0, DEALS_OFFERED)
    .map((deal) => ({
      id: deal.ListingId,
      header: deal.Header,
      details: [deal.listingTypeDesc, deal.location].filter(Boolean).join(" · "),
    }));
  return {
    enabled: core.push.enabled,
    offered: core.push.enabled && core.config.production,
    subscribers,
    deals,
  };
}

type ActionData = { sent: NotifyResult & { header: string } } | { error: string };

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const parsed = notifyNewDealSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<ActionData>({ error: "Choose a deal to announce." }, { status: 400 });
  const { listingId } = parsed.data;
  try {
    const result = await core.push.notifyNewDeal(admittedUser(context), listingId);
    const header = (await core.listings.findById(listingId))?.Header ?? `Deal ${listingId}`;
    return data<ActionData>({ sent: { ...result, header } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>({ error: error.message }, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Notifications") },
  { name: "robots", content: "noindex" },
];

const browsers = (n: number) => `${n} ${n === 1 ? "browser" : "browsers"}`;

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, offered, subscribers, deals } = loaderData;
  const status = useNavigationStatus();

  return (
    <StaffPage
      title="Notifications"
      intro="Tell the browsers subscribed to push notifications about a new deal."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <StatCard
          label="Subscribed browsers"
          value={subscribers}
          note={offered ? "Visitors are offered notifications from their third page load." : undefined}
        />

        {enabled ? (
          <Section
            id="announce-title"
            title="Announce a new deal"
            intro="Each subscribed browser shows “New deal: …” with the deal’s type and place; a click opens the deal. Only public deals still on the market can be announced."
          >
            {offered ? null : (
              <Alert tone="info">
                The site is not running in production (NODE_ENV), so visitors are not offered notifications.
                Browsers already subscribed still receive announcements.
              </Alert>
            )}
            <Form method="post" className="space-y-4">
              <div>
                <label htmlFor="listingId" className={fieldStyles.label}>
                  Deal to announce
                </label>
                <select id="listingId" name="listingId" required className={`${fieldStyles.input} mt-1.5`}>
                  {deals.map((deal) => (
                    <option key={deal.id} value={deal.id}>
                      {deal.header}
                      {deal.details ? ` (${deal.details})` : ""}
                    </option>
                  ))}
                </select>
                <p className={fieldStyles.hint}>The {deals.length} newest public deals on the market.</p>
              </div>
              <SubmitButton
                status={status}
                icon={<Send aria-hidden size={16} />}
                disabled={deals.length === 0}
              >
                Notify subscribers
              </SubmitButton>
            </Form>
            {actionData && "sent" in actionData ? (
              <Alert tone={actionData.sent.failed > 0 ? "info" : "success"}>
                “{actionData.sent.header}”: sent to {browsers(actionData.sent.sent)}.
                {actionData.sent.removed > 0
                  ? ` ${browsers(actionData.sent.removed)} had unsubscribed and ${actionData.sent.removed === 1 ? "was" : "were"} removed.`
                  : ""}
                {actionData.sent.failed > 0
                  ? ` ${browsers(actionData.sent.failed)} could not be reached; they stay subscribed.`
                  : ""}
              </Alert>
            ) : null}
            {actionData && "error" in actionData ? <Alert tone="error">{actionData.error}</Alert> : null}
          </Section>
        ) : (
          <Section
            id="setup-title"
            title="Push notifications are off"
            intro="Push notifications are not configured on this server. To turn them on:"
          >
            <ol className="list-decimal space-y-1.5 pl-5 text-navy-900 text-sm">
              <li>
                Make a key pair once:{" "}
                <code className="rounded bg-navy-50 px-1.5 py-0.5">npx web-push generate-vapid-keys</code>
              </li>
              <li>
                Set <code className="rounded bg-navy-50 px-1.5 py-0.5">VAPID_PUBLIC_KEY</code> and{" "}
                <code className="rounded bg-navy-50 px-1.5 py-0.5">VAPID_PRIVATE_KEY</code> in the server’s
                environment (optionally{" "}
                <code className="rounded bg-navy-50 px-1.5 py-0.5">VAPID_SUBJECT</code>, a mailto: or https:
                contact; it defaults to the support address).
              </li>
              <li>Restart the server. Visitors are offered notifications in production only.</li>
            </ol>
          </Section>
        )}
      </div>
    </StaffPage>
  );
}

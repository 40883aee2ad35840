import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { StaffPage } from "../components/staff/staff-page";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/faq";

export const handle = { access: "management" } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  return { limits: context.get(appContext).core.logins.limits };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Staff FAQ") },
  { name: "robots", content: "noindex" },
];

export default function StaffFaq({ loaderData }: Route.ComponentProps) {
  const { supportEmail, supportPhone } = useSite();
  const { limits } = loaderData;
  const entries = [
    {
      q: "A buyer says they never got the verification email.",
      a: "Find the message in the Mail outbox: it shows whether it was sent by SMTP or kept in the outbox, and any delivery error. The buyer can ask for a new link from the login dialog ('Email Verification Required' → resend); each new link replaces the old one.",
    },
    {
      q: "A buyer is locked out.",
      a: `${limits.lockAfterFailures} wrong passwords in a row lock an account for ${limits.lockMinutes} minutes, and one address may try to log in at most ten times a minute. Afterwards the buyer can log in again, or reset the password by email at any time (the link works once, for ${limits.resetLinkMinutes} minutes); a reset also logs out every other session.`,
    },
    {
      q: "Who sees private deals?",
      a: "Admins and buyers flagged with private deals. Everyone else gets the same 'page missing' answer as for a deal that does not exist, so private deals cannot be discovered by guessing numbers.",
    },
    {
      q: "Who is in the management group?",
      a: "The three addresses in MANAGEMENT_EMAILS. They see Mgmt Dash and reach the admin panel, /admin and this FAQ; other users are sent to the home page.",
    },
    {
      q: "Where do buyers get help?",
      a: `Password dialogs point them to ${supportEmail}; the forgot-password panel shows the technical assistance line ${supportPhone}.`,
    },
  ];
  return (
    <StaffPage title="Staff FAQ" intro="Answers to the questions buyers ask staff most.">
      <dl className="space-y-4">
        {entries.map((entry) => (
          <div key={entry.q} className="rounded-card border border-navy-100 bg-white p-5">
            <dt className="font-semibold text-navy-900">{entry.q}</dt>
            <dd className="mt-2 text-slate-650 leading-relaxed">{entry.a}</dd>
          </div>
        ))}
      </dl>
    </StaffPage>
  );
}

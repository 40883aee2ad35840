import type { RouteHandle } from "@aea/domain";
import { ArrowLeft, CircleExclamationPoint, Inbox } from "lucide-react";
import { Link } from "react-router";
import { appContext } from "../app-context";
import { cardStyles, EmptyState } from "../components/staff/card";
import { LinkifiedText } from "../components/ui/linkified-text";
import { formatDate } from "../lib/dates";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/admin.outbox";

export const handle = { access: "admin" } satisfies RouteHandle;

/** The mail the site sent (or keeps in its outbox when no SMTP server is set), for staff. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const messages = await core.outbox.messages(200);
  const selectedId = Number(new URL(request.url).searchParams.get("id"));
  const selected = messages.find((m) => m.id === selectedId) ?? null;
  return {
    messages: messages.map(({ id, to, subject, createdAt, delivery, error }) => ({
      id,
      to,
      subject,
      createdAt,
      delivery,
      error,
    })),
    selected: selected
      ? {
          id: selected.id,
          to: selected.to,
          subject: selected.subject,
          createdAt: selected.createdAt,
          delivery: selected.delivery,
          error: selected.error,
          text: selected.text,
        }
      : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Mail Outbox") },
  { name: "robots", content: "noindex" },
];

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { messages, selected } = loaderData;
  const { publicUrl } = useSite();

  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_40%,white)]">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="font-semibold text-navy-600 text-sm uppercase tracking-[0.14em]">Staff</p>
            <h1 className="mt-1 font-bold text-3xl text-navy-900">Mail Outbox</h1>
            <p className="mt-1 text-slate-650">
              The latest {messages.length} messages the site sent, newest first.
            </p>
          </div>
        </header>

        {messages.length === 0 ? (
          <EmptyState boxed icon={<Inbox aria-hidden size={32} />} className="mt-8">
            No mail has been sent yet.
          </EmptyState>
        ) : (
          <div className="mt-6 grid items-start gap-6 lg:grid-cols-[24rem_minmax(0,1fr)]">
            <nav
              aria-label="Messages"
              className={`${selected ? "hidden lg:block" : ""} overflow-hidden ${cardStyles}`}
            >
              <ul className="max-h-[calc(100vh-14rem)] divide-y divide-navy-100 overflow-y-auto">
                {messages.map((m) => {
                  const current = m.id === selected?.id;
                  return (
                    <li key={m.id}>
                      <Link
                        to={`?id=${m.id}`}
                        aria-current={current ? "true" : undefined}
                        preventScrollReset
                        className={`block border-l-4 px-4 py-3 text-sm ${
                          current ? "border-amber-500 bg-amber-100/60" : "border-transparent hover:bg-navy-50"
                        }`}
                      >
                        <span className="block truncate font-semibold text-navy-900">{m.subject}</span>
                        <span className="mt-0.5 flex items-center justify-between gap-2 text-slate-650 text-xs">
                          <span className="truncate">{m.to}</span>
                          <time dateTime={m.createdAt} className="shrink-0 tabular">
                            {formatDate(m.createdAt, "moment")}
                          </time>
                        </span>
                        {m.error ? (
                          <span className="mt-1 flex items-center gap-1 font-medium text-negative text-xs">
                            <CircleExclamationPoint aria-hidden size={13} /> Not delivered
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>

            {selected ? (
              <article aria-labelledby="message-subject" className={`min-w-0 ${cardStyles}`}>
                <div className="border-navy-100 border-b px-5 py-4 sm:px-7">
                  <Link
                    to="/admin/outbox"
                    className="mb-3 inline-flex items-center gap-1.5 font-medium text-navy-700 text-sm hover:underline lg:hidden"
                  >
                    <ArrowLeft aria-hidden size={16} /> All messages
                  </Link>
                  <h2 id="message-subject" className="font-semibold text-navy-900 text-xl">
                    {selected.subject}
                  </h2>
                  <dl className="mt-3 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-650">To</dt>
                    <dd className="wrap-anywhere text-navy-900">{selected.to}</dd>
                    <dt className="text-slate-650">Created</dt>
                    <dd className="text-navy-900 tabular">
                      <time dateTime={selected.createdAt}>{formatDate(selected.createdAt, "moment")}</time>
                    </dd>
                    <dt className="text-slate-650">Delivery</dt>
                    <dd className="text-navy-900">{selected.delivery === "smtp" ? "SMTP" : "Outbox only"}</dd>
                    {selected.error ? (
                      <>
                        <dt className="text-slate-650">Error</dt>
                        <dd className="font-medium text-negative">{selected.error}</dd>
                      </>
                    ) : null}
                  </dl>
                </div>
                <LinkifiedText
                  text={selected.text}
                  siteOrigin={new URL(publicUrl).origin}
                  className="px-5 py-5 text-navy-900 leading-relaxed sm:px-7"
                />
              </article>
            ) : (
              <p className="hidden rounded-card border border-navy-100 border-dashed bg-white/60 p-10 text-center text-slate-650 lg:block">
                Choose a message to read it.
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

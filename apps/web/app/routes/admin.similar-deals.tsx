import {
  isAppError,
  type RouteHandle,
  SIMILAR_DEALS_LIMIT,
  SIMILARITY_TRAIT_LABELS,
  SIMILARITY_TRAITS,
  SIMILARITY_WEIGHTS,
  similarDealChoiceSchema,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { EyeOff, Pin, PinOff, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { appContext } from "../app-context";
import { cardStyles } from "../components/staff/card";
import { type Column, DataTable } from "../components/staff/data-table";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.similar-deals";

// Staff only (every request checks the role), never cached.
export const handle = { access: "admin", searchBar: false } satisfies RouteHandle;

/** Suggestions listed unless staff ask for all: the deal page shows four, and the rest rarely matter. */
const FIRST_SUGGESTIONS = 20;

function chosenListingId(request: Request): number | null {
  const id = Number(new URL(request.url).searchParams.get("listingId"));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const listingId = chosenListingId(request);
  const showAll = new URL(request.url).searchParams.get("all") === "1";
  const brief = (l: { ListingId: number; Header: string }) => ({ ListingId: l.ListingId, Header: l.Header });
  const choices = [
    { label: "Public deals", deals: (await core.listings.publicListings()).map(brief) },
    { label: "Research deals", deals: (await core.listings.studyListings()).map(brief) },
    { label: "Private deals", deals: (await core.listings.privateListings()).map(brief) },
  ];
  const view = listingId === null ? undefined : await core.similarDeals.forStaff(listingId);
  const extras = view?.listing.isPrivate
    ? await core.listings.privateDetails(view.listing.ListingId)
    : undefined;
  return {
    choices,
    listingId,
    showAll,
    view: view && {
      listing: brief(view.listing),
      hidesAll: extras?.hideSimilarDeals === true,
      total: view.suggestions.length,
      suggestions: view.suggestions.slice(0, showAll ? undefined : FIRST_SUGGESTIONS).map((s) => ({
        ...brief(s.listing),
        score: s.score,
        factors: s.factors,
        pinned: s.pinned,
        shown: s.shown,
      })),
      hidden: view.hidden.map(brief),
    },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: similarDealChoiceSchema });
  if (submission.status !== "success") {
    return data(
      { error: "Choose a listing, then pin, hide or release one of its similar deals." },
      { status: 400 },
    );
  }
  const { listingId, similarListingId, choice } = submission.value;
  try {
    await core.similarDeals.choose(user, listingId, similarListingId, choice);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  const header = (await core.listings.findById(similarListingId))?.Header ?? `Deal ${similarListingId}`;
  const said = { pinned: "is pinned first", hidden: "is hidden", none: "follows the ranking again" }[choice];
  return { notice: `${header} ${said}.` };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Similar Deals") },
  { name: "robots", content: "noindex" },
];

export default function AdminSimilarDeals({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, listingId, view, showAll } = loaderData;
  return (
    <StaffPage
      title="Similar Deals"
      intro={`Pick a listing to see the deals ranked as similar to it. Its page shows the first ${SIMILAR_DEALS_LIMIT}: pin a deal to put it first, hide one to leave it out.`}
    >
      <Form method="get" className="flex max-w-2xl flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="similar-listing" className="font-semibold text-navy-900 text-sm">
            Listing
          </label>
          <select
            id="similar-listing"
            name="listingId"
            defaultValue={listingId ?? ""}
            className="h-10 min-w-0 rounded-md border border-navy-100 bg-white px-2"
          >
            <option value="" disabled>
              Choose a listing
            </option>
            {choices.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.deals.map((deal) => (
                  <option key={deal.ListingId} value={deal.ListingId}>
                    {deal.Header} (#{deal.ListingId})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonStyles.primary}>
          Show similar deals
        </button>
      </Form>

      {actionData && "error" in actionData ? (
        <Alert tone="error" className="mt-4">
          {actionData.error}
        </Alert>
      ) : null}
      {actionData && "notice" in actionData ? (
        <Alert tone="success" className="mt-4">
          {actionData.notice}
        </Alert>
      ) : null}

      {listingId !== null && !view ? (
        <Alert tone="error" className="mt-6">
          There is no listing #{listingId}.
        </Alert>
      ) : null}
      {view ? <SimilarDealsOf view={view} showAll={showAll} /> : null}
    </StaffPage>
  );
}

type View = NonNullable<Route.ComponentProps["loaderData"]["view"]>;

function SimilarDealsOf({ view, showAll }: { view: View; showAll: boolean }) {
  const { listing, suggestions, hidden, hidesAll, total } = view;
  const choose = (deal: { ListingId: number; Header: string }) => ({ listingId: listing.ListingId, deal });
  return (
    <section aria-labelledby="similar-to" className="mt-8">
      <h2 id="similar-to" className="font-semibold text-navy-900 text-xl">
        Similar to{" "}
        <Link to={`/deals/${listing.ListingId}`} className="underline hover:text-navy-700">
          {listing.Header}
        </Link>{" "}
        <span className="font-normal text-slate-650">(#{listing.ListingId})</span>
      </h2>
      {hidesAll ? (
        <Alert tone="info" className="mt-3">
          This private deal is set to hide similar deals: its page shows none, whatever is pinned here.
        </Alert>
      ) : null}
      {suggestions.length === 0 ? (
        <p className="mt-3 text-slate-650">No deal shares a trait with this listing.</p>
      ) : (
        <DataTable
          caption="Similar deals, best first, with what each trait adds to the score"
          columns={suggestionColumns(listing.ListingId)}
          rows={suggestions.map((deal, index) => ({ ...deal, rank: index + 1 }))}
          rowKey={(deal) => deal.ListingId}
          rowClassName={(deal) => (deal.shown ? "bg-amber-50" : "bg-white")}
          empty="No deal shares a trait with this listing."
          minWidth="min-w-[60rem]"
          className="mt-4"
        />
      )}
      {!showAll && total > suggestions.length ? (
        <p className="mt-3 text-sm">
          <Link
            to={`?listingId=${listing.ListingId}&all=1`}
            className="font-semibold text-navy-800 underline hover:text-navy-700"
          >
            Show all {total} similar deals
          </Link>
        </p>
      ) : null}
      {hidden.length > 0 ? (
        <section aria-labelledby="hidden-title" className="mt-8">
          <h3 id="hidden-title" className="font-semibold text-lg text-navy-900">
            Hidden from this deal's page
          </h3>
          <ul className={`${cardStyles} mt-2 divide-y divide-navy-100`}>
            {hidden.map((deal) => (
              <li key={deal.ListingId} className="flex flex-wrap items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1">
                  {deal.Header} <span className="text-slate-650">#{deal.ListingId}</span>
                </span>
                <ChoiceButton {...choose(deal)} choice="none" icon={<Undo2 aria-hidden size={16} />}>
                  Show again
                </ChoiceButton>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

type Suggestion = View["suggestions"][number] & { rank: number };

function suggestionColumns(listingId: number): Column<Suggestion>[] {
  const choose = (deal: Suggestion) => ({ listingId, deal });
  return [
    {
      key: "rank",
      header: "Rank",
      className: "tabular",
      cell: (deal) => (
        <>
          {deal.rank}
          {deal.pinned ? <Badge>Pinned</Badge> : null}
          {deal.shown ? <Badge>On deal page</Badge> : null}
        </>
      ),
    },
    {
      key: "deal",
      header: "Deal",
      rowHeader: true,
      frozen: true,
      className: "min-w-48 text-navy-900",
      cell: (deal) => (
        <>
          <Link to={`/deals/${deal.ListingId}`} className="font-medium hover:underline">
            {deal.Header}
          </Link>{" "}
          <span className="text-slate-650">#{deal.ListingId}</span>
        </>
      ),
    },
    { key: "score", header: "Score", numeric: true, className: "font-semibold", cell: (deal) => deal.score },
    ...SIMILARITY_TRAITS.map(
      (trait): Column<Suggestion> => ({
        key: trait,
        header: (
          <>
            {SIMILARITY_TRAIT_LABELS[trait]}
            <span className="block font-normal text-navy-100 text-xs">of {SIMILARITY_WEIGHTS[trait]}</span>
          </>
        ),
        numeric: true,
        className: "text-slate-650",
        cell: (deal) => {
          const contribution = deal.factors.find((f) => f.trait === trait)?.contribution ?? 0;
          return contribution > 0 ? (
            <span className="font-medium text-navy-900">+{contribution}</span>
          ) : (
            <>
              <span aria-hidden>–</span>
              <span className="sr-only">0</span>
            </>
          );
        },
      }),
    ),
    {
      key: "choices",
      header: <span className="sr-only">Choices</span>,
      cell: (deal) => (
        <div className="flex justify-end gap-1.5">
          {deal.pinned ? (
            <ChoiceButton {...choose(deal)} choice="none" icon={<PinOff aria-hidden size={16} />}>
              Unpin
            </ChoiceButton>
          ) : (
            <ChoiceButton {...choose(deal)} choice="pinned" icon={<Pin aria-hidden size={16} />}>
              Pin
            </ChoiceButton>
          )}
          <ChoiceButton {...choose(deal)} choice="hidden" icon={<EyeOff aria-hidden size={16} />}>
            Hide
          </ChoiceButton>
        </div>
      ),
    },
  ];
}

function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="ml-2 inline-flex rounded-full bg-navy-100 px-2 py-0.5 font-medium text-navy-900 text-xs">
      {children}
    </span>
  );
}

/** One choice about one suggestion: a small form, so it works before JavaScript loads. */
function ChoiceButton({
  listingId,
  deal,
  choice,
  icon,
  children,
}: {
  listingId: number;
  deal: { ListingId: number; Header: string };
  choice: "pinned" | "hidden" | "none";
  icon: ReactNode;
  children: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="similarListingId" value={deal.ListingId} />
      <button
        type="submit"
        name="choice"
        value={choice}
        aria-label={`${children}: ${deal.Header}`}
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-navy-100 bg-white px-2.5 font-medium text-navy-800 hover:bg-navy-50"
      >
        {icon}
        {children}
      </button>
    </Form>
  );
}

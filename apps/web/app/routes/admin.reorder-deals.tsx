import {
  DEAL_ORDER_TEXTS,
  dealOrderChangeSchema,
  FEATURED_BAND_TITLES,
  FEATURED_BANDS,
  type FeaturedBand,
  featuredBand,
  isAppError,
  listingStatusName,
  type RouteHandle,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { Undo2 } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { data, Form, type ShouldRevalidateFunction, useSubmit } from "react-router";
import { appContext } from "../app-context";
import { cardStyles } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { DealRow, moveButtonId, type OrderedDeal } from "../features/deal-order/deal-row";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/admin.reorder-deals";

// Drag and drop is only needed once the page is interactive: its code loads on demand.
const SortableDealBand = lazy(() => import("../features/deal-order/sortable-deal-band"));

// Staff only (every request checks the role), never cached.
export const handle = { access: "admin", searchBar: false } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const { listings, version } = await core.dealOrder.featured();
  return {
    version,
    deals: listings.map(
      (listing): OrderedDeal => ({
        id: listing.ListingId,
        Header: listing.Header,
        status: listingStatusName(listing),
        band: featuredBand(listing),
      }),
    ),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: dealOrderChangeSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "That change could not be read.";
    return data({ error: message }, { status: 400 });
  }
  const change = submission.value;
  try {
    if (change.intent === "undo") {
      await core.dealOrder.reorder(user, change.order, change.version);
      return { notice: DEAL_ORDER_TEXTS.undone };
    }
    const done =
      change.intent === "move"
        ? await core.dealOrder.move(user, change.listingId, change.direction, change.version)
        : await core.dealOrder.reorder(user, change.order, change.version);
    return {
      notice: DEAL_ORDER_TEXTS.saved,
      undo: { order: done.previous.join(","), version: done.version },
    };
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

// A refused change (someone else reordered meanwhile) shows the order as it is now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Reorder Deals") },
  { name: "robots", content: "noindex" },
];

const listClass = `${cardStyles} overflow-hidden`;

export default function AdminReorderDeals({ loaderData, actionData }: Route.ComponentProps) {
  const { version, deals } = loaderData;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [order, setOrder] = useState(deals);
  // The server's order wins whenever it changes (after a save, an undo or another editor's change).
  useEffect(() => setOrder(deals), [deals]);

  // A moved row is taken out of the page and put back, which loses focus: give it back to the
  // button that moved it (or the other one, once the deal reaches the end of its band).
  const moved = useRef<{ id: number; direction: "up" | "down" } | null>(null);
  useEffect(() => {
    const last = moved.current;
    if (!last || order.length === 0) return;
    moved.current = null;
    const button = document.getElementById(moveButtonId(last.id, last.direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(last.id, last.direction === "up" ? "down" : "up"));
    (button && !button.disabled ? button : other)?.focus();
  }, [order]);

  const saveBand = (band: FeaturedBand, reordered: OrderedDeal[]) => {
    const next = FEATURED_BANDS.flatMap((b) => (b === band ? reordered : order.filter((d) => d.band === b)));
    setOrder(next);
    void submit(
      { intent: "reorder", version, order: next.map((deal) => deal.id).join(",") },
      { method: "post", preventScrollReset: true },
    );
  };

  let offset = 0;
  return (
    <StaffPage
      title="Reorder Deals"
      intro="The public deals in their 'Featured' order, the site's default. Drag a deal by its handle, or use Move up and Move down; each change is saved at once. Deals move among deals of the same status."
    >
      <div className="sticky top-0 z-20 mb-4 empty:hidden">
        {actionData && "error" in actionData ? <Alert tone="error">{actionData.error}</Alert> : null}
        {actionData && "notice" in actionData ? (
          // Opaque behind the tinted notice: the list scrolls under this sticky bar.
          <div className="rounded-md bg-white">
            <Alert tone="success">
              <span className="flex flex-wrap items-center justify-between gap-2">
                {actionData.notice}
                {"undo" in actionData && actionData.undo ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="undo" />
                    <input type="hidden" name="order" value={actionData.undo.order} />
                    <input type="hidden" name="version" value={actionData.undo.version} />
                    <button type="submit" className={buttonStyles.secondary}>
                      <Undo2 aria-hidden size={16} />
                      Undo
                    </button>
                  </Form>
                ) : null}
              </span>
            </Alert>
          </div>
        ) : null}
      </div>
      <div
        className="flex flex-col gap-8"
        // Remember which Move button was pressed, to give it focus back once the row has moved.
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          const id = Number(submitter?.closest("li")?.dataset.listingId);
          if (submitter instanceof HTMLButtonElement && submitter.name === "direction" && id)
            moved.current = { id, direction: submitter.value === "up" ? "up" : "down" };
        }}
      >
        {FEATURED_BANDS.map((band) => {
          const bandDeals = order.filter((deal) => deal.band === band);
          if (bandDeals.length === 0) return null;
          const start = offset;
          offset += bandDeals.length;
          const titleId = `band-${band}`;
          const plain = (
            <ol className={listClass} aria-labelledby={titleId}>
              {bandDeals.map((deal, index) => (
                <DealRow
                  key={deal.id}
                  deal={deal}
                  position={start + index + 1}
                  first={index === 0}
                  last={index === bandDeals.length - 1}
                  version={version}
                />
              ))}
            </ol>
          );
          return (
            <section key={band} aria-labelledby={titleId}>
              <h2 id={titleId} className="mb-2 font-semibold text-lg text-navy-900">
                {FEATURED_BAND_TITLES[band]}{" "}
                <span className="font-normal text-slate-650 text-sm">({bandDeals.length})</span>
              </h2>
              {hydrated && bandDeals.length > 1 ? (
                <Suspense fallback={plain}>
                  <SortableDealBand
                    deals={bandDeals}
                    offset={start}
                    version={version}
                    label={FEATURED_BAND_TITLES[band]}
                    listClass={listClass}
                    onReorder={(reordered) => saveBand(band, reordered)}
                  />
                </Suspense>
              ) : (
                plain
              )}
            </section>
          );
        })}
      </div>
    </StaffPage>
  );
}

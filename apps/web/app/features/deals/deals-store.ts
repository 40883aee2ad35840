import type { DealQuery, Listing } from "@aea/domain";
import { startTransition, useEffect, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { DealResults } from "./deal-results";

// The deal query's engine (filtering, sorting, paging, counts) arrives with the whole list: until
// then the page shows the server's results and has no use for it (decision 037).
let engine: typeof import("./deal-results") | undefined;
const loadEngine = () =>
  import("./deal-results").then((module) => {
    engine = module;
    return module;
  });

/** What the browser shows for a query once a store has its deals (the engine has loaded with them). */
export function browserDealResults(
  all: readonly Listing[],
  query: DealQuery,
  likedIds: readonly number[],
): DealResults {
  if (!engine) throw new Error("The deal engine loads with the deals");
  return engine.dealResults(all, query, likedIds);
}

/**
 * The whole list of deals behind a page, fetched once per visit when the visitor starts to refine (one
 * compressed, cacheable request) so that filtering, sorting and paging afterwards happen in the browser
 * without a round trip. Until it arrives the page shows what the server rendered for the URL.
 */
export interface DealsStore {
  /** The deals once loaded; undefined before. */
  current(): readonly Listing[] | undefined;
  load(): void;
  subscribe(listener: () => void): () => void;
}

export function createDealsStore(url: string): DealsStore {
  let deals: readonly Listing[] | undefined;
  let loading = false;
  const listeners = new Set<() => void>();
  return {
    current: () => deals,
    load() {
      if (deals || loading) return;
      loading = true;
      const list = fetch(url, { headers: { accept: "application/json" } }).then((response) =>
        response.ok ? (response.json() as Promise<Listing[]>) : Promise.reject(response.status),
      );
      Promise.all([list, loadEngine()])
        .then(([loaded, { prepareListings }]) => {
          deals = prepareListings(loaded);
          for (const listener of listeners) listener();
        })
        .catch((error: unknown) => {
          // The server-rendered page keeps working; the next navigation retries (spec §8: logged only).
          console.error(`Failed deals load from ${url}`, error);
        })
        .finally(() => {
          loading = false;
        });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const publicDealsStore = createDealsStore("/api/Advisors/GetDeals");
export const studyDealsStore = createDealsStore("/api/Advisors/GetStudyDeals");

/** What makes a page fetch the whole list: a first tap, key press or focus, i.e. the visitor starting to refine. */
const INTENT_EVENTS = ["pointerdown", "keydown", "focusin"] as const;

/**
 * A dialog is not the page: the terms of use that a first visit opens take focus by themselves, and
 * answering them is not the visitor refining the list.
 */
function insideDialog(target: EventTarget | null): boolean {
  return (
    target instanceof Element && target.closest("dialog, [role='dialog'], [role='alertdialog']") !== null
  );
}

/**
 * The store's deals in a component. `load: "now"` fetches right after hydration (the map needs every
 * deal); `"on-intent"` waits for the visitor's first tap, key press or focus anywhere on the page (outside a dialog), so
 * someone who only reads the server-rendered page or opens a deal never pays for the whole list, and
 * the page's first seconds stay free of its parsing and re-rendering. Until the list is there, filter
 * and view links simply load the next page from the server.
 *
 * The list arrives as a transition: the page already shows the server's results for its URL, so
 * switching to the browser's own copy is not urgent and must not hold up a tap.
 */
export function useDeals(store: DealsStore, load: "now" | "on-intent"): readonly Listing[] | undefined {
  const [deals, setDeals] = useState(store.current);
  useEffect(() => {
    const update = () => startTransition(() => setDeals(store.current()));
    const unsubscribe = store.subscribe(update);
    update();
    const start = (event?: Event) => {
      if (event && insideDialog(event.target)) return;
      store.load();
      for (const event of INTENT_EVENTS) window.removeEventListener(event, start, true);
    };
    if (load === "now") start();
    else
      for (const event of INTENT_EVENTS)
        window.addEventListener(event, start, { capture: true, passive: true });
    return () => {
      unsubscribe();
      for (const event of INTENT_EVENTS) window.removeEventListener(event, start, true);
    };
  }, [store, load]);
  return deals;
}

/** Private deals; only fetched on /deals/private, which only entitled users reach. */
export const privateDealsStore = createDealsStore("/api/Advisors/GetDeals?isConfidential=true");

/**
 * A route's `shouldRevalidate` for a deals page: once the browser holds the whole list it answers
 * query changes itself, so only navigations to another page (or form posts) reach the loader again.
 */
export function revalidateUntilLoaded(store: DealsStore) {
  return ({
    currentUrl,
    nextUrl,
    formMethod,
    defaultShouldRevalidate,
  }: ShouldRevalidateFunctionArgs): boolean => {
    if (!formMethod && currentUrl.pathname === nextUrl.pathname && store.current()) return false;
    return defaultShouldRevalidate;
  };
}

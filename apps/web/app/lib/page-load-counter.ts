/**
 * How many full page loads this browser has made (spec §4: a page-load counter kept in local storage;
 * push notifications are offered only after the third). Client-side navigations do not count: the
 * counter moves once per document, however often it is called (the chat widget and the push offer
 * both call it).
 */

export const PAGE_LOADS_KEY = "aea.pageLoads";

type Store = Pick<Storage, "getItem" | "setItem">;

let countedThisLoad: number | undefined;

function browserStorage(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    // Storage disabled (privacy settings): the counter simply stays at zero.
    return undefined;
  }
}

function read(store: Store | undefined): number {
  const value = Number.parseInt(store?.getItem(PAGE_LOADS_KEY) ?? "", 10);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** Counts this page load (once per document) and returns the new total. */
export function countPageLoad(store: Store | undefined = browserStorage()): number {
  if (countedThisLoad !== undefined) return countedThisLoad;
  const next = read(store) + 1;
  try {
    store?.setItem(PAGE_LOADS_KEY, String(next));
  } catch {
    // Quota or privacy mode: keep going without a stored count.
  }
  countedThisLoad = next;
  return next;
}

/** The stored number of page loads (0 when none or unreadable). */
export function pageLoadCount(store: Store | undefined = browserStorage()): number {
  return read(store);
}

/** For tests: forget that this document was counted. */
export function resetPageLoadMemo(): void {
  countedThisLoad = undefined;
}

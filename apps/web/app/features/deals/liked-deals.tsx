import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import { apiFetch } from "../../lib/api-fetch";

/**
 * The deals the signed-in buyer liked, shared by every like button and the `liked` filter on the page.
 * Seeded from the page's loader data; a click updates it at once and saves it in the background.
 */
let liked: ReadonlySet<number> = new Set();
/**
 * Whether the store holds the buyer's likes: false until the browser first seeds or changes it. Until
 * then a page shows its loader's likes, as the server drew them (the server never fills the store).
 */
let filled = false;
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<number>) {
  liked = next;
  filled = true;
  for (const listener of listeners) listener();
}

function sameIds(set: ReadonlySet<number>, ids: readonly number[]): boolean {
  return set.size === new Set(ids).size && ids.every((id) => set.has(id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLikedDeals(seed: readonly number[] | undefined): ReadonlySet<number> {
  const key = seed?.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed only when the ids themselves change.
  useEffect(() => {
    // Publishing re-renders every like button and the deals list at once: skip it when nothing changed.
    if (seed && !sameIds(liked, seed)) publish(new Set(seed));
  }, [key]);
  const current = useSyncExternalStore(
    subscribe,
    () => liked,
    () => liked,
  );
  return seed && !filled ? new Set(seed) : current;
}

const PageLikedIds = createContext<readonly number[] | undefined>(undefined);

/**
 * The liked deals of the page's loader data, for the like buttons below it: the server draws a liked
 * deal's heart filled, and hydration finds it so, instead of filling it once the store is seeded.
 */
export function LikedDealsOfPage({ ids, children }: { ids: readonly number[]; children: ReactNode }) {
  return <PageLikedIds.Provider value={ids}>{children}</PageLikedIds.Provider>;
}

/** The liked deals as a like button shows them. */
export function useLikedDealsOfPage(): ReadonlySet<number> {
  return useLikedDeals(useContext(PageLikedIds));
}

export async function setLiked(listingId: number, value: boolean): Promise<void> {
  const before = liked;
  const next = new Set(liked);
  if (value) next.add(listingId);
  else next.delete(listingId);
  publish(next);
  const response = await apiFetch(`/api/Advisors/LikeDeal?listingId=${listingId}&liked=${value}`, {
    method: "POST",
  }).catch(() => undefined);
  if (!response?.ok) publish(before);
}

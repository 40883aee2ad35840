import { useEffect, useSyncExternalStore } from "react";
import { apiFetch } from "../../lib/api-fetch";

/**
 * The deals the signed-in buyer liked, shared by every like button and the `liked` filter on the page.
 * Seeded from the page's loader data; a click updates it at once and saves it in the background.
 */
let liked: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<number>) {
  liked = next;
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
  return seed && current.size === 0 && seed.length > 0 ? new Set(seed) : current;
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

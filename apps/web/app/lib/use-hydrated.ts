import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False during server rendering and hydration, true afterwards: for browser-only parts such as the map. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { lazy, Suspense } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import type { MapDeal } from "./map/map-deal";

// MapLibre is large: it loads only when a map is on screen, never on the server.
const DealsMap = lazy(() => import("./map/deals-map"));

export function LazyDealsMap({
  deals,
  mapsKey,
  height,
}: {
  deals: MapDeal[];
  mapsKey?: string;
  height?: string;
}) {
  const hydrated = useHydrated();
  const placeholder = (
    <div
      style={{ height: height ?? "70vh" }}
      className="flex items-center justify-center rounded-card border border-navy-100 bg-navy-50 text-slate-650"
    >
      Loading the map…
    </div>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DealsMap
        deals={deals}
        mapsKey={mapsKey}
        height={height ?? "70vh"}
        className="rounded-card border border-navy-100"
      />
    </Suspense>
  );
}

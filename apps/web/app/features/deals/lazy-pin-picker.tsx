import { lazy, Suspense } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import type { PinPickerProps } from "./map/pin-picker";

// MapLibre loads only when the editor is open in a browser; the coordinates fields work without it.
const PinPicker = lazy(() => import("./map/pin-picker"));

export function LazyPinPicker(props: PinPickerProps) {
  const hydrated = useHydrated();
  const placeholder = (
    <div className="flex h-64 items-center justify-center rounded-card border border-navy-100 bg-navy-50 text-slate-650 text-sm sm:h-72">
      Loading the map…
    </div>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PinPicker {...props} />
    </Suspense>
  );
}

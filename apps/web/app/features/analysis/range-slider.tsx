import {
  type AnalysisState,
  analysisHref,
  type FacetDefinition,
  formatNumberWithSuffix,
  RANGE_SLIDER_TEXTS,
  rangeExpression,
  withFilters,
} from "@aea/domain";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

/** After the last arrow key, the range is asked for once the keys have rested this long. */
const KEYS_SETTLE_MS = 400;

const thumb =
  "pointer-events-none absolute inset-x-0 top-0 h-5 w-full appearance-none bg-transparent focus-visible:outline-none " +
  "[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-navy-800 [&::-webkit-slider-thumb]:shadow " +
  "focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-amber-500 " +
  "[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-navy-800";

/**
 * Two thumbs over a range facet's histogram, one per band edge: drag them (mouse or touch) or move
 * them with the arrow keys, Home and End; the range is asked for when the thumb is let go, or when
 * the keys rest. A thumb at its end leaves that end open. The typed Min/Max stay beside it (and are
 * all there is before the page's script arrives).
 */
export function RangeSlider({
  path,
  state,
  facet,
  low,
  gap,
  bands,
  min,
  max,
}: {
  path: string;
  state: AnalysisState;
  facet: FacetDefinition;
  /** The histogram's first band starts here; each band is `gap` wide. */
  low: number;
  gap: number;
  bands: number;
  min: string;
  max: string;
}) {
  const navigate = useNavigate();
  const edge = (value: string, fallback: number, shift: number) =>
    value === "" ? fallback : Math.min(bands, Math.max(0, Math.round((Number(value) + shift - low) / gap)));
  const [from, setFrom] = useState(() => edge(min, 0, 0));
  const [to, setTo] = useState(() => edge(max, bands, 1));
  const dragging = useRef(false);
  // The edges as last moved, for a release that arrives outside the thumb (on the window).
  const edges = useRef({ from, to });
  edges.current = { from, to };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const lowest = (edgeAt: number) => (edgeAt <= 0 ? "" : String(low + edgeAt * gap));
  const highest = (edgeAt: number) => (edgeAt >= bands ? "" : String(low + edgeAt * gap - 1));
  const ask = (fromEdge: number, toEdge: number) => {
    clearTimeout(timer.current);
    const expression = rangeExpression(lowest(fromEdge), highest(toEdge));
    const next = withFilters(state, { ...state.filters, [facet.name]: expression ? [expression] : [] });
    const href = analysisHref(path, next);
    if (href !== analysisHref(path, state)) void navigate(href, { preventScrollReset: true });
  };
  const later = (fromEdge: number, toEdge: number) => {
    clearTimeout(timer.current);
    if (!dragging.current) timer.current = setTimeout(() => ask(fromEdge, toEdge), KEYS_SETTLE_MS);
  };
  const letGo = () => {
    if (!dragging.current) return;
    dragging.current = false;
    ask(edges.current.from, edges.current.to);
  };
  const grab = () => {
    dragging.current = true;
    clearTimeout(timer.current);
    window.addEventListener("pointerup", letGo, { once: true });
  };
  const words = (value: string, open: string) =>
    value === "" ? open : formatNumberWithSuffix(Number(value));
  const fromText = words(lowest(from), RANGE_SLIDER_TEXTS.any);
  const toText = words(highest(to), RANGE_SLIDER_TEXTS.any);
  const shared = {
    min: 0,
    max: bands,
    step: 1,
    onPointerDown: grab,
    onPointerCancel: letGo,
    onBlur: letGo,
    className: thumb,
  } as const;
  return (
    <div className="mt-1">
      <div className="relative h-5">
        <div aria-hidden className="absolute inset-x-2 top-2 h-1 rounded bg-navy-100" />
        <div
          aria-hidden
          className="absolute top-2 h-1 rounded bg-navy-600"
          style={{ left: `${(from / bands) * 100}%`, right: `${100 - (to / bands) * 100}%` }}
        />
        <input
          type="range"
          {...shared}
          value={from}
          aria-label={RANGE_SLIDER_TEXTS.lowest(facet.display)}
          aria-valuetext={fromText}
          onChange={(event) => {
            const next = Math.min(Number(event.target.value), to - 1);
            setFrom(next);
            later(next, to);
          }}
        />
        <input
          type="range"
          {...shared}
          value={to}
          aria-label={RANGE_SLIDER_TEXTS.highest(facet.display)}
          aria-valuetext={toText}
          onChange={(event) => {
            const next = Math.max(Number(event.target.value), from + 1);
            setTo(next);
            later(from, next);
          }}
        />
      </div>
      <p className="mt-1 text-center text-slate-650 text-xs tabular" aria-hidden>
        {fromText} – {toText}
      </p>
    </div>
  );
}

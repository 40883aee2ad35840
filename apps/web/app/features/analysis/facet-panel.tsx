import {
  type AnalysisState,
  analysisHref,
  type FacetCounts,
  type FacetDefinition,
  formatNumberWithSuffix,
  rangeBounds,
  statsField,
  toggleFacetOpen,
  toggleValue,
  valueChoice,
} from "@aea/domain";
import { Ban, Check, ChevronDown, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { HiddenState } from "./hidden-state";
import { RangeSlider } from "./range-slider";

/** Lists show this many values until "Show more"; longer lists get a search box. */
const SHOWN_VALUES = 10;

/** An open facet: the page's address and state (its links change them), the facet and its counts. */
interface OpenFacetProps {
  path: string;
  state: AnalysisState;
  facet: FacetDefinition;
  counts: FacetCounts;
}

/**
 * One facet: closed until opened (opening asks for its counts). A checkbox list puts chosen values
 * first, then by count; ctrl-click (or the value's Exclude button, for the keyboard) excludes a value.
 */
export function FacetPanel({
  path,
  state,
  facet,
  counts,
}: Omit<OpenFacetProps, "counts"> & { counts: FacetCounts | undefined }) {
  const open = state.open.includes(facet.name);
  const chosen = state.filters[facet.name]?.length ?? 0;
  const Chevron = open ? ChevronDown : ChevronRight;
  const id = `facet-${facet.name}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="border-navy-100 border-b py-1">
      <h3 id={`${id}-heading`}>
        <Link
          to={analysisHref(path, toggleFacetOpen(state, facet.name))}
          preventScrollReset
          replace
          aria-expanded={open}
          className="flex w-full items-center gap-2 rounded px-2 py-2 font-semibold text-navy-900 text-sm hover:bg-navy-50"
        >
          <Chevron aria-hidden size={16} className="shrink-0 text-slate-650" />
          <span className="flex-1">{facet.display}</span>
          {chosen > 0 ? (
            <span className="rounded-full bg-navy-800 px-2 text-white text-xs tabular">{chosen}</span>
          ) : null}
        </Link>
      </h3>
      {open && counts ? (
        <div className="px-2 pb-3">
          {facet.type === "range" ? (
            <RangeFacet path={path} state={state} facet={facet} counts={counts} />
          ) : (
            <ValueList path={path} state={state} facet={facet} counts={counts} />
          )}
        </div>
      ) : null}
    </section>
  );
}

const display = (facet: FacetDefinition, key: string) =>
  facet.facetOptions.find((o) => o.key === key)?.display ?? key;

function ValueList({ path, state, facet, counts }: OpenFacetProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  // The list narrows 30 ms after the last key, not on every one (issue 22).
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim().toLowerCase()), 30);
    return () => clearTimeout(timer);
  }, [typed]);
  const excludable = facet.type === "checkbox";
  const stats = statsField(facet);
  const chosen = state.filters[facet.name] ?? [];
  const buckets = [...counts.buckets];
  // A chosen value the counts no longer hold (excluded, say) still shows, so it can be cleared.
  for (const expression of chosen) {
    const key = expression.replace(/^-/, "");
    if (!buckets.some((b) => b.key === key)) buckets.push({ key, value: 0 });
  }
  const isChosen = (key: string) => valueChoice(state, facet.name, key) !== "none";
  const dated = facet.type === "date";
  const ordered = dated
    ? buckets
    : buckets.sort((a, b) => Number(isChosen(b.key)) - Number(isChosen(a.key)) || b.value - a.value);
  const matching = search
    ? ordered.filter((b) => display(facet, b.key).toLowerCase().includes(search))
    : ordered;
  const showAll = state.more.includes(facet.name) || search !== "";
  const shown = showAll ? matching : matching.slice(0, SHOWN_VALUES);
  const moreState = {
    ...state,
    more: showAll ? state.more.filter((n) => n !== facet.name) : [...state.more, facet.name],
  };
  return (
    <div>
      {hydrated && buckets.length > SHOWN_VALUES ? (
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-label={`Search ${facet.display}`}
          placeholder={`Search ${facet.shortDisplay.toLowerCase()}`}
          className="mb-2 h-8 w-full rounded-md border border-navy-100 px-2 text-sm"
        />
      ) : null}
      {shown.length === 0 ? <p className="px-1 text-slate-650 text-sm">No values.</p> : null}
      <ul className="space-y-0.5">
        {shown.map((bucket) => {
          const choice = valueChoice(state, facet.name, bucket.key);
          const label = display(facet, bucket.key);
          const toggleHref = analysisHref(path, toggleValue(state, facet, bucket.key));
          const excludeHref = analysisHref(path, toggleValue(state, facet, bucket.key, true));
          return (
            <li key={bucket.key} className="group flex items-center gap-1">
              <Link
                to={toggleHref}
                preventScrollReset
                role={facet.type === "single" ? "radio" : "checkbox"}
                aria-checked={choice === "included"}
                onClick={(event) => {
                  if (!excludable || !(event.ctrlKey || event.metaKey)) return;
                  event.preventDefault();
                  void navigate(excludeHref, { preventScrollReset: true });
                }}
                className="flex min-w-0 flex-1 items-center gap-2 rounded px-1 py-1 text-sm hover:bg-navy-50"
              >
                <span
                  aria-hidden
                  className={`flex size-4 shrink-0 items-center justify-center border ${facet.type === "single" ? "rounded-full" : "rounded-sm"} ${choice === "included" ? "border-navy-800 bg-navy-800 text-white" : choice === "excluded" ? "border-red-700 bg-red-700 text-white" : "border-slate-400 bg-white"}`}
                >
                  {choice === "included" ? (
                    <Check size={12} />
                  ) : choice === "excluded" ? (
                    <Ban size={11} />
                  ) : null}
                </span>
                <span className={`min-w-0 flex-1 truncate ${choice === "excluded" ? "line-through" : ""}`}>
                  {choice === "excluded" ? <span className="sr-only">Not </span> : null}
                  {label}
                </span>
                <span className="tabular text-slate-650 text-xs" title={bucket.value.toLocaleString("en-US")}>
                  {formatNumberWithSuffix(bucket.value)}
                  {stats && bucket.stat1 !== undefined && bucket.stat1 !== null ? (
                    <span className="ml-1 text-slate-500"> · Σ {formatNumberWithSuffix(bucket.stat1)}</span>
                  ) : null}
                </span>
              </Link>
              {excludable ? (
                <Link
                  to={excludeHref}
                  preventScrollReset
                  aria-label={choice === "excluded" ? `Include ${label} again` : `Exclude ${label}`}
                  title={choice === "excluded" ? "Include again" : "Exclude (or ctrl-click the value)"}
                  className={`rounded p-1 text-slate-650 hover:bg-red-50 hover:text-red-700 focus:opacity-100 ${choice === "excluded" ? "opacity-100 text-red-700" : "opacity-40 group-hover:opacity-100"}`}
                >
                  <Ban aria-hidden size={14} />
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      {!search && matching.length > SHOWN_VALUES ? (
        <Link
          to={analysisHref(path, moreState)}
          preventScrollReset
          replace
          className="mt-1 inline-block px-1 font-medium text-navy-700 text-sm underline-offset-2 hover:underline"
        >
          {showAll ? "Show less" : "Show more"}
        </Link>
      ) : null}
    </div>
  );
}

function RangeFacet({ path, state, facet, counts }: OpenFacetProps) {
  const hydrated = useHydrated();
  const current = state.filters[facet.name]?.[0];
  const { min, max } = rangeBounds(current);
  const highest = Math.max(1, ...counts.buckets.map((b) => b.value));
  const gap = counts.gap ?? 1;
  const id = `range-${facet.name}`;
  // Bands inside the typed range stand out; the others stay as context.
  const inSelection = (low: number) =>
    (min === "" || low + gap - 1 >= Number(min)) && (max === "" || low <= Number(max));
  return (
    <div>
      {counts.buckets.length > 0 ? (
        <figure aria-label={`${facet.display}: how many in each band`}>
          <div className="flex h-16 items-end gap-px" aria-hidden>
            {counts.buckets.map((bucket) => (
              <div
                key={bucket.key}
                title={`${bucket.key}–${Number(bucket.key) + gap - 1}: ${bucket.value}`}
                className={`flex-1 rounded-t-sm ${inSelection(Number(bucket.key)) ? "bg-navy-600" : "bg-navy-100"}`}
                style={{ height: `${Math.max(bucket.value > 0 ? 6 : 0, (bucket.value / highest) * 100)}%` }}
              />
            ))}
          </div>
          {hydrated ? (
            <RangeSlider
              key={current ?? ""}
              path={path}
              state={state}
              facet={facet}
              low={Number(counts.buckets[0]?.key)}
              gap={gap}
              bands={counts.buckets.length}
              min={min}
              max={max}
            />
          ) : null}
          <figcaption className="mt-1 flex justify-between text-slate-650 text-xs tabular">
            <span>{formatNumberWithSuffix(Number(counts.buckets[0]?.key))}</span>
            <span>
              {formatNumberWithSuffix(Number(counts.buckets[counts.buckets.length - 1]?.key) + gap - 1)}
            </span>
          </figcaption>
        </figure>
      ) : (
        <p className="text-slate-650 text-sm">No values.</p>
      )}
      <Form method="get" action={path} preventScrollReset className="mt-2 flex items-end gap-2">
        <HiddenState path={path} state={state} />
        <input type="hidden" name="range" value={facet.name} />
        {(
          [
            ["min", "Min", "at least", min],
            ["max", "Max", "at most", max],
          ] as const
        ).map(([name, label, bound, value]) => (
          <label key={name} className="flex-1 text-xs text-slate-650" htmlFor={`${id}-${name}`}>
            {label}
            <input
              id={`${id}-${name}`}
              name={name}
              type="number"
              step="any"
              defaultValue={value}
              aria-label={`${facet.display} ${bound}`}
              className="mt-0.5 h-8 w-full rounded-md border border-navy-100 px-2 text-navy-900 text-sm"
            />
          </label>
        ))}
        <button
          type="submit"
          className="h-8 rounded-md border border-navy-100 bg-white px-3 font-medium text-navy-800 text-sm hover:bg-navy-50"
        >
          Apply
        </button>
      </Form>
    </div>
  );
}

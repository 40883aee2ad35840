import { type DealFacetCounts, type DealQuery, toggleDealSize, toggleLocation } from "@aea/domain";
import { Check } from "lucide-react";
import { ListLink } from "../../lib/list-link";

interface DealFiltersProps {
  /** Option counts (sold deals are left out, spec §4). */
  counts: DealFacetCounts;
  query: DealQuery;
  hrefFor(query: DealQuery): string;
}

interface Option {
  key: string;
  label: string;
  count: number;
  active: boolean;
  next: DealQuery;
}

/** Filter options with their counts; each option is a link, so filters work before JavaScript loads. */
export function DealFilters({ counts, query, hrefFor }: DealFiltersProps) {
  const reset = { ...query, page: 1 };
  const groups: Array<{ title: string; options: Option[] }> = [
    {
      title: "My deals",
      options: [
        {
          key: "liked",
          label: "Liked deals",
          count: Number.NaN,
          active: query.liked,
          next: { ...reset, liked: !query.liked },
        },
      ],
    },
    {
      title: "Deal type",
      options: counts.dealType.map((o) => ({
        key: o.value,
        label: o.label,
        count: o.count,
        active: query.type === o.value,
        next: { ...reset, type: query.type === o.value ? undefined : o.value },
      })),
    },
    {
      title: "Location",
      options: counts.location.map((o) => ({
        key: o.value,
        label: o.label,
        count: o.count,
        active: query.location.includes(o.value),
        next: toggleLocation(query, o.value),
      })),
    },
    {
      title: "Deal size",
      options: counts.dealSize.map((o) => ({
        key: o.value,
        label: o.label,
        count: o.count,
        active: query.dealSize.includes(o.value),
        next: toggleDealSize(query, o.value),
      })),
    },
    {
      title: "Region",
      options: counts.region.map((o) => ({
        key: o.value,
        label: o.label,
        count: o.count,
        active: query.region === o.value || query.region === o.label,
        next: {
          ...reset,
          region: query.region === o.value || query.region === o.label ? undefined : o.value,
        },
      })),
    },
  ];
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <fieldset key={group.title}>
          <legend className="font-semibold text-navy-900 text-sm uppercase tracking-wider">
            {group.title}
          </legend>
          <ul className="mt-2 space-y-0.5">
            {group.options.map((option) => (
              <li key={option.key}>
                <ListLink
                  href={hrefFor(option.next)}
                  preventScrollReset
                  aria-current={option.active ? "true" : undefined}
                  className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-navy-50"
                >
                  <span
                    aria-hidden
                    className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${
                      option.active
                        ? "border-amber-600 bg-amber-500 text-navy-950"
                        : "border-slate-400 bg-white"
                    }`}
                  >
                    {option.active ? <Check size={12} strokeWidth={3} /> : null}
                  </span>
                  <span className="flex-1 text-navy-800">{option.label}</span>
                  {Number.isNaN(option.count) ? null : (
                    <span className="tabular text-slate-650 text-xs">{option.count}</span>
                  )}
                  {option.active ? <span className="sr-only">(selected)</span> : null}
                </ListLink>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

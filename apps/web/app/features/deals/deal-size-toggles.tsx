import { DEAL_SIZE_NAMES, DEAL_SIZES, type DealSize, dealSizeHref, VIEW_ON_MAP } from "@aea/domain";
import { Check, MapPinned } from "lucide-react";
import { Link } from "react-router";

export interface DealSizeTogglesProps {
  /** Where each size's link goes; without it, the deal list of that size alone (any page but a deal list). */
  hrefFor?(size: DealSize): string;
  /** Whether a size's filter is on. */
  isOn?(size: DealSize): boolean;
}

/**
 * Small / Mid-Value / Larger and View On Map in the header. On the deal list each link toggles its size
 * in the dealSize filter, keeping the other filters (deal-list-header-tools.tsx gives the links); on
 * any other page a size link opens the list of that size.
 */
export function DealSizeToggles({ hrefFor = dealSizeHref, isOn = () => false }: DealSizeTogglesProps) {
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <ul className="flex items-center gap-1.5" aria-label="Deal size">
        {DEAL_SIZES.map((size) => {
          const active = isOn(size);
          return (
            <li key={size}>
              <Link
                to={hrefFor(size)}
                aria-current={active ? "true" : undefined}
                className={`inline-flex h-10 items-center gap-1 rounded-md border px-2.5 font-medium text-sm transition-colors ${
                  active
                    ? "border-amber-500 bg-amber-500 text-navy-950"
                    : "border-navy-600 text-white hover:bg-white/10"
                }`}
              >
                {active ? <Check aria-hidden size={14} /> : null}
                {DEAL_SIZE_NAMES[size]}
                {active ? <span className="sr-only"> (filter on)</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <Link
        to="/deals/public/map"
        className="inline-flex h-10 items-center gap-1.5 rounded-md border border-navy-600 px-2.5 font-medium text-sm text-white hover:bg-white/10"
      >
        <MapPinned aria-hidden size={16} />
        <span className="hidden sm:inline">{VIEW_ON_MAP}</span>
        <span className="sr-only sm:hidden">{VIEW_ON_MAP}</span>
      </Link>
    </div>
  );
}

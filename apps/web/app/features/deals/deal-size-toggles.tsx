import {
  DEAL_SIZE_NAMES,
  DEAL_SIZES,
  DEALS_PUBLIC_PATH,
  dealsHref,
  parseDealQuery,
  toggleDealSize,
  VIEW_ON_MAP,
} from "@aea/domain";
import { Check, MapPinned } from "lucide-react";
import { Link, useLocation } from "react-router";

/** Small / Mid-Value / Larger: each link toggles its size in the dealSize filter, keeping the other filters. */
export function DealSizeToggles() {
  const location = useLocation();
  const onDeals = location.pathname === DEALS_PUBLIC_PATH;
  const query = parseDealQuery(new URLSearchParams(onDeals ? location.search : ""));
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <ul className="flex items-center gap-1.5" aria-label="Deal size">
        {DEAL_SIZES.map((size) => {
          const active = query.dealSize.includes(size);
          return (
            <li key={size}>
              <Link
                to={dealsHref({ ...toggleDealSize(query, size), page: 1 })}
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

import {
  clearFilters,
  type DealQuery,
  dealsHref,
  filterTokens,
  parseDealQuery,
  removeFilterToken,
} from "@aea/domain";
import { X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { DEAL_LIST_PATHS } from "./deal-list-header";

/**
 * The active filters of the deals page being shown, as removable tokens in the header's search bar
 * (spec §2): a strip at most 530 px wide that scrolls sideways when the tokens need more. On other
 * pages, or with no filter on, nothing.
 */
export function HeaderFilterTokens() {
  const location = useLocation();
  if (!DEAL_LIST_PATHS.has(location.pathname)) return null;
  const query = parseDealQuery(new URLSearchParams(location.search));
  const tokens = filterTokens(query);
  if (tokens.length === 0) return null;
  const hrefFor = (next: Partial<DealQuery>) => dealsHref(next, location.pathname);
  return (
    <ul
      // relative: the tokens' screen-reader texts (absolutely placed) are clipped by the strip too,
      // rather than widening the page.
      className="relative flex w-full min-w-0 max-w-[530px] flex-nowrap items-center gap-1.5 overflow-x-auto py-0.5 sm:w-auto sm:flex-1"
      aria-label="Active filters"
    >
      {tokens.map((token) => (
        <li key={`${token.key}:${token.value}`} className="shrink-0">
          <Link
            to={hrefFor(removeFilterToken(query, token))}
            preventScrollReset
            className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-navy-600 bg-navy-700 py-1 pr-2 pl-3 text-white text-xs hover:bg-navy-600"
          >
            {token.label}
            <X aria-hidden size={13} className="shrink-0" />
            <span className="sr-only">Remove filter</span>
          </Link>
        </li>
      ))}
      {tokens.length > 1 ? (
        <li className="shrink-0">
          <Link
            to={hrefFor(clearFilters(query))}
            className="whitespace-nowrap px-1 text-white text-xs underline hover:text-amber-500"
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

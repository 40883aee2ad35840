import { clearFilters, type DealQuery, filterTokens, removeFilterToken } from "@aea/domain";
import { X } from "lucide-react";
import { Link } from "react-router";

/** The removable filter tokens (a strip at most 530 px wide, spec §2). */
export function FilterTokens({ query, hrefFor }: { query: DealQuery; hrefFor(query: DealQuery): string }) {
  const tokens = filterTokens(query);
  if (tokens.length === 0) return null;
  return (
    <ul className="flex max-w-[530px] flex-wrap items-center gap-1.5" aria-label="Active filters">
      {tokens.map((token) => (
        <li key={`${token.key}:${token.value}`} className="max-w-full">
          <Link
            to={hrefFor(removeFilterToken(query, token))}
            preventScrollReset
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-navy-800 py-1 pr-2 pl-3 text-white text-xs hover:bg-navy-700"
          >
            <span className="truncate">{token.label}</span>
            <X aria-hidden size={13} className="shrink-0" />
            <span className="sr-only">Remove filter</span>
          </Link>
        </li>
      ))}
      {tokens.length > 1 ? (
        <li>
          <Link
            to={hrefFor(clearFilters(query))}
            className="px-1 text-navy-700 text-xs underline hover:text-amber-700"
          >
            Clear all
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

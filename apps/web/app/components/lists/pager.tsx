import { type Pagination, paginationLabel } from "@aea/domain";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

const buttonClass =
  "inline-flex h-9 items-center gap-1 rounded-md border border-navy-100 bg-white px-3 font-medium text-navy-800 text-sm hover:bg-navy-50";
const disabledClass = `${buttonClass} pointer-events-none opacity-40`;

/**
 * 'X-Y of total' with previous and next (spec §2), for every paged list. The arithmetic (and the
 * spec's clamping of the last page) is domain's `paginate`, which the server pages by too; the
 * buttons are links, so paging works before the page's JavaScript arrives.
 */
export function Pager({
  pagination,
  hrefForPage,
  label = "Pages",
  previousText = "Previous",
  nextText = "Next",
  className,
}: {
  pagination: Pagination;
  hrefForPage(page: number): string;
  /** Names the navigation when a page has more than one list ("Pages of accounts"). */
  label?: string;
  /** A list newest first pages to "Newer" and "Older". */
  previousText?: string;
  nextText?: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`flex items-center gap-2 ${className ?? ""}`}>
      <p className="tabular text-slate-650 text-sm" aria-live="polite">
        {paginationLabel(pagination)}
      </p>
      {pagination.hasPrevious ? (
        <Link to={hrefForPage(pagination.page - 1)} className={buttonClass} rel="prev">
          <ChevronLeft aria-hidden size={16} /> <span>{previousText}</span>
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <ChevronLeft aria-hidden size={16} /> <span>{previousText}</span>
        </span>
      )}
      {pagination.hasNext ? (
        <Link to={hrefForPage(pagination.page + 1)} className={buttonClass} rel="next">
          <span>{nextText}</span> <ChevronRight aria-hidden size={16} />
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <span>{nextText}</span> <ChevronRight aria-hidden size={16} />
        </span>
      )}
    </nav>
  );
}

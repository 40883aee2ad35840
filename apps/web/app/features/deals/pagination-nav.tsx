import { type Pagination, paginationLabel } from "@aea/domain";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

const buttonClass =
  "inline-flex h-9 items-center gap-1 rounded-md border border-navy-100 bg-white px-3 font-medium text-navy-800 text-sm hover:bg-navy-50";
const disabledClass = `${buttonClass} pointer-events-none opacity-40`;

/** 'X-Y of total' with previous and next (spec §2). */
export function PaginationNav({
  pagination,
  hrefForPage,
}: {
  pagination: Pagination;
  hrefForPage(page: number): string;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center gap-2">
      <p className="tabular text-slate-650 text-sm" aria-live="polite">
        {paginationLabel(pagination)}
      </p>
      {pagination.hasPrevious ? (
        <Link to={hrefForPage(pagination.page - 1)} className={buttonClass} rel="prev">
          <ChevronLeft aria-hidden size={16} /> <span>Previous</span>
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <ChevronLeft aria-hidden size={16} /> <span>Previous</span>
        </span>
      )}
      {pagination.hasNext ? (
        <Link to={hrefForPage(pagination.page + 1)} className={buttonClass} rel="next">
          <span>Next</span> <ChevronRight aria-hidden size={16} />
        </Link>
      ) : (
        <span className={disabledClass} aria-disabled="true">
          <span>Next</span> <ChevronRight aria-hidden size={16} />
        </span>
      )}
    </nav>
  );
}

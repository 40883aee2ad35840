/**
 * Pagination of the in-memory deal list (§2 "X-Y of total", §5 "Pagination clamps the
 * start row between 1 and total minus page size plus 1", §9 page size 14).
 *
 * Page n starts at row (n - 1) × pageSize + 1, and that start row is then clamped
 * into [1, total - pageSize + 1]. The clamp keeps the last page full: when the total
 * is not a multiple of the page size, the last page repeats the tail of the one
 * before it (20 deals: page 1 is 1-14, page 2 is 7-20) rather than showing a short
 * page. When everything fits on one page the lower bound wins and the start is 1.
 * The page number itself is clamped into [1, pageCount]. Rows are 1-based; `offset`
 * is the 0-based index for slicing.
 */
import { DEAL_LIST_PAGE_SIZE } from "../constants.ts";

export interface Pagination {
  /** First row shown, 1-based; 0 when there is nothing. */
  start: number;
  /** Last row shown, 1-based; 0 when there is nothing. */
  end: number;
  total: number;
  /** The page shown, 1-based, after clamping. */
  page: number;
  /** Pages in all; 0 when there is nothing. */
  pageCount: number;
  pageSize: number;
  /** 0-based index of the first row, for `slice`. */
  offset: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

function wholeNumber(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.floor(value) : fallback;
}

/** Which rows page `page` of `total` rows shows. */
export function paginate(total: number, page = 1, pageSize: number = DEAL_LIST_PAGE_SIZE): Pagination {
  const size = Math.max(1, wholeNumber(pageSize, DEAL_LIST_PAGE_SIZE));
  const count = Math.max(0, wholeNumber(total, 0));
  const pageCount = Math.ceil(count / size);
  const current = Math.min(Math.max(1, wholeNumber(page, 1)), Math.max(1, pageCount));
  if (count === 0) {
    return {
      start: 0,
      end: 0,
      total: 0,
      page: 1,
      pageCount: 0,
      pageSize: size,
      offset: 0,
      hasPrevious: false,
      hasNext: false,
    };
  }
  const start = Math.max(1, Math.min((current - 1) * size + 1, count - size + 1));
  const end = Math.min(count, start + size - 1);
  return {
    start,
    end,
    total: count,
    page: current,
    pageCount,
    pageSize: size,
    offset: start - 1,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
  };
}

/** "X-Y of total", e.g. "1-14 of 210"; "0-0 of 0" when there is nothing. */
export function paginationLabel(pagination: Pick<Pagination, "start" | "end" | "total">): string {
  return `${pagination.start}-${pagination.end} of ${pagination.total}`;
}

/** The rows a pagination shows. */
export function pageItems<T>(
  items: readonly T[],
  pagination: Pick<Pagination, "offset" | "start" | "end">,
): T[] {
  return pagination.end === 0 ? [] : items.slice(pagination.offset, pagination.end);
}

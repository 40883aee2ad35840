import { ArrowDown, ArrowUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cardStyles, EmptyState } from "./card";

/** One column: its heading, what a row shows in it and, when the page can sort by it, its sort key. */
export interface Column<Row> {
  /** Unique among the columns; the sort key when `sortable`. */
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Figures: right-aligned, tabular numerals. */
  numeric?: boolean;
  /** More classes for this column's cells (no wrapping, breaking long addresses, weight). */
  className?: string;
  sortable?: boolean;
  /** The cell that names its row (read out before each of the row's figures). */
  rowHeader?: boolean;
  /** Stays in view while a wide table scrolls sideways (needs rows with an opaque `rowClassName`). */
  frozen?: boolean;
}

export type SortDirection = "asc" | "desc";

/**
 * The order the rows came in and the link that sorts them another way. Sorting happens on the
 * server and a heading is a plain link, so it works before the page's JavaScript arrives.
 */
export interface TableSort {
  by: string;
  direction: SortDirection;
  href(by: string, direction: SortDirection): string;
}

/**
 * A staff table: a caption for assistive technology, headings that stay in view while the rows
 * scroll, headings that sort (with aria-sort), sideways scrolling on a phone and one empty state.
 * The scrolling region takes the focus, so a keyboard can scroll it too.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  sort,
  minWidth = "min-w-[56rem]",
  footer,
  rowClassName,
  className,
}: {
  /** Names the table and its scrolling region. */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
  sort?: TableSort;
  /** Below this width the table scrolls sideways (a Tailwind min-width class). */
  minWidth?: string;
  /** Rows under the table that stay in view (totals), cells aligned with `columns`. */
  footer?: ReactNode;
  /** A row's background when some rows stand out; by default rows are striped. */
  rowClassName?(row: Row): string;
  className?: string;
}) {
  if (rows.length === 0)
    return (
      <EmptyState boxed className={className}>
        {empty}
      </EmptyState>
    );
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
      tabIndex={0}
      // The height cap makes the region the scroller the header sticks to; relative: screen-reader-only
      // texts inside are positioned against it, not the page.
      className={`relative max-h-[calc(100dvh-7rem)] overflow-auto ${cardStyles} ${className ?? ""}`}
    >
      <table className={`w-full ${minWidth} text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-navy-900 text-left text-white">
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`border-navy-100 border-t align-top ${rowClassName?.(row) ?? "even:bg-navy-50/60"}`}
            >
              {columns.map((column) => {
                const Cell = column.rowHeader ? "th" : "td";
                return (
                  <Cell
                    key={column.key}
                    scope={column.rowHeader ? "row" : undefined}
                    className={`px-3 py-2 ${column.rowHeader ? "font-normal" : ""} ${column.numeric ? "tabular text-right" : "text-left"} ${column.frozen ? "sticky left-0 z-10 bg-inherit" : ""} ${column.className ?? ""}`}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="sticky bottom-0 z-10 bg-navy-50 font-semibold text-navy-900 shadow-[0_-2px_0_var(--color-navy-200)]">
            {footer}
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

function HeaderCell<Row>({ column, sort }: { column: Column<Row>; sort: TableSort | undefined }) {
  const align = `${column.numeric ? "text-right" : ""} ${column.frozen ? "sticky left-0 z-20 bg-navy-900" : ""}`;
  if (!sort || !column.sortable)
    return (
      <th scope="col" className={`px-3 py-2 font-semibold ${align}`}>
        {column.header}
      </th>
    );
  const current = sort.by === column.key;
  // A second click on the current column turns the order round.
  const next: SortDirection = current && sort.direction === "asc" ? "desc" : "asc";
  const Arrow = sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={`px-3 py-2 font-semibold ${align}`}
      aria-sort={current ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={sort.href(column.key, next)}
        className="inline-flex items-center gap-1 text-white underline-offset-2 hover:underline"
      >
        {column.header}
        {current ? <Arrow aria-hidden size={14} /> : null}
        <span className="sr-only">, sort {next === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}

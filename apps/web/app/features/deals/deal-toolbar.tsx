import { type DealQuery, type DealView, isSortType, SORT_OPTIONS } from "@aea/domain";
import { Grid2x2, Grid3x3, LayoutGrid, List, Map as MapIcon, Printer, Square, Table2 } from "lucide-react";
import { Link, useNavigate } from "react-router";

const views: Array<{ view: DealView; label: string; Icon: typeof List }> = [
  { view: "list", label: "List", Icon: List },
  { view: "table", label: "Table", Icon: Table2 },
  { view: "1x", label: "1 per row", Icon: Square },
  { view: "2x", label: "2 per row", Icon: Grid2x2 },
  { view: "3x", label: "3 per row", Icon: Grid3x3 },
  { view: "4x", label: "4 per row", Icon: LayoutGrid },
  { view: "map", label: "Map", Icon: MapIcon },
  { view: "print", label: "Print", Icon: Printer },
];

interface DealToolbarProps {
  query: DealQuery;
  hrefFor(query: DealQuery): string;
}

/** View switcher and sort order. */
export function DealToolbar({ query, hrefFor }: DealToolbarProps) {
  const navigate = useNavigate();
  const sortValue = query.sort ? `${query.sort}:${query.reverse ? "reverse" : "forward"}` : "";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Views">
        <ul className="flex flex-wrap items-center gap-1 rounded-lg border border-navy-100 bg-white p-1">
          {views.map(({ view, label, Icon }) => {
            const active = query.view === view;
            return (
              <li key={view}>
                <Link
                  to={hrefFor({ ...query, view })}
                  preventScrollReset
                  aria-current={active ? "page" : undefined}
                  title={label}
                  className={`flex h-8 w-8 items-center justify-center rounded-md ${
                    active ? "bg-navy-800 text-white" : "text-navy-700 hover:bg-navy-50"
                  }`}
                >
                  <Icon aria-hidden size={16} />
                  <span className="sr-only">{label} view</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-slate-650">Sort</span>
        <select
          name="sort"
          value={sortValue}
          onChange={(event) => {
            const [sort, direction] = event.target.value.split(":");
            void navigate(
              hrefFor({
                ...query,
                sort: isSortType(sort) ? sort : undefined,
                reverse: direction === "reverse",
                page: 1,
              }),
              { preventScrollReset: true },
            );
          }}
          className="h-9 rounded-md border border-navy-100 bg-white px-2 text-navy-900"
        >
          <option value="">Featured</option>
          {SORT_OPTIONS.flatMap((option) => [
            <option key={`${option.value}:f`} value={`${option.value}:forward`}>
              {option.label}: {option.forwardLabel}
            </option>,
            <option key={`${option.value}:r`} value={`${option.value}:reverse`}>
              {option.label}: {option.reverseLabel}
            </option>,
          ])}
        </select>
      </label>
    </div>
  );
}

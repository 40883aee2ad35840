import type { FolderHeat } from "@aea/domain";
import { type Column, DataTable } from "../../../components/staff/data-table";

/** The heat of a share: a warmer cell for a larger share (the figure is always written too). */
function heatClass(share: number): string {
  if (share >= 0.75) return "bg-amber-600 text-navy-950";
  if (share >= 0.5) return "bg-amber-500 text-navy-950";
  if (share > 0) return "bg-amber-100 text-navy-900";
  return "text-slate-650";
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The room's folders with the share of its buyers who opened each (or a file in it): a table, so the
 * shares are read out and printed; the colour only repeats what the figure says.
 */
export function FolderHeatMap({ folders, visitors }: { folders: FolderHeat[]; visitors: number }) {
  const columns: Column<FolderHeat>[] = [
    {
      key: "folder",
      header: "Folder",
      rowHeader: true,
      cell: (f) => (
        <span style={{ paddingLeft: `${f.depth * 1.25}rem` }} className="inline-block">
          <span className="tabular text-slate-650">{f.index}</span> {f.name}
        </span>
      ),
    },
    {
      key: "share",
      header: "Share of buyers who opened it",
      numeric: true,
      className: "sm:w-56",
      cell: (f) => (
        <span
          className={`inline-block min-w-24 whitespace-nowrap rounded-sm px-2 py-1 font-semibold ${heatClass(f.share)}`}
          data-testid="folder-share"
        >
          {percent(f.share)}
          <span className="font-normal text-xs">
            {" "}
            ({f.openers} of {visitors})
          </span>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption="Folders by the share of buyers who opened them"
      columns={columns}
      rows={folders}
      rowKey={(f) => f.id}
      empty="This data room has no folders yet."
      // Fits a phone: the folder and its share side by side at 390 px.
      minWidth="min-w-[18rem]"
      className="mt-3"
    />
  );
}

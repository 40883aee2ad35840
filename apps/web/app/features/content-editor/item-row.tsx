import type { ContentStatus } from "@aea/domain";
import { ArrowDown, ArrowUp, Eye, EyeOff } from "lucide-react";
import type { CSSProperties, ReactNode, Ref } from "react";
import { Link, useFetcher } from "react-router";
import { formatDate } from "../../lib/dates";
import { StatusBadge } from "./status-badge";

export interface ListedItem {
  id: number;
  status: ContentStatus;
  title: string;
  updatedAt: string;
}

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-md border border-navy-100 bg-white text-navy-800 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * One item of the editor's list: its position, name, status and the buttons that work without
 * JavaScript (move up or down, publish or unpublish). Drag and drop adds a handle.
 */
export function ItemRow({
  collection,
  item,
  index,
  count,
  handle,
  rowRef,
  style,
  dragging = false,
}: {
  collection: string;
  item: ListedItem;
  index: number;
  count: number;
  handle?: ReactNode;
  rowRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
}) {
  const fetcher = useFetcher();
  const pendingStatus = fetcher.formData?.get("intent") === "status" ? fetcher.formData.get("status") : null;
  const status = (pendingStatus as ContentStatus | null) ?? item.status;
  const published = status === "published";
  return (
    <li
      ref={rowRef}
      style={style}
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 border-navy-100 border-b bg-white px-3 py-3 last:border-b-0 sm:flex-nowrap sm:px-4 ${dragging ? "relative z-10 shadow-raised" : ""}`}
    >
      {handle}
      <span className="w-6 shrink-0 text-right text-slate-650 text-sm tabular" aria-hidden>
        {index + 1}
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <Link
          to={`/admin/content/${collection}/${item.id}`}
          className="block truncate font-semibold text-navy-900 hover:underline"
        >
          {item.title}
        </Link>
        <span className="mt-0.5 flex items-center gap-2 text-slate-650 text-xs">
          <StatusBadge status={status} />
          <span className="hidden xs:inline">Updated {formatDate(item.updatedAt)}</span>
        </span>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1.5">
        <fetcher.Form method="post" className="flex items-center gap-1.5">
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            name="intent"
            value="move-up"
            className={iconButton}
            disabled={index === 0}
            aria-label={`Move “${item.title}” up`}
            title="Move up"
          >
            <ArrowUp aria-hidden size={16} />
          </button>
          <button
            type="submit"
            name="intent"
            value="move-down"
            className={iconButton}
            disabled={index === count - 1}
            aria-label={`Move “${item.title}” down`}
            title="Move down"
          >
            <ArrowDown aria-hidden size={16} />
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="status" value={published ? "draft" : "published"} />
          <button
            type="submit"
            name="intent"
            value="status"
            className="inline-flex h-9 w-32 items-center justify-center gap-1.5 rounded-md border border-navy-100 bg-white px-3 font-medium text-navy-800 text-sm hover:bg-navy-50"
            aria-label={`${published ? "Unpublish" : "Publish"} “${item.title}”`}
          >
            {published ? <EyeOff aria-hidden size={16} /> : <Eye aria-hidden size={16} />}
            {published ? "Unpublish" : "Publish"}
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

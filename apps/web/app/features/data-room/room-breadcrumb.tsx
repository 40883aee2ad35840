import type { RoomView } from "@aea/core/types";
import { DATA_ROOM_TEXTS } from "@aea/domain";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

type Folder = RoomView["folders"][number];

/** Deal, room and the folders down to the one shown; the last one is the current page. */
export function RoomBreadcrumb({
  listingId: id,
  trail,
  current,
  hrefOf,
}: {
  listingId: number;
  trail: Folder[];
  current: Folder | undefined;
  hrefOf(folderId: number): string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="text-slate-650 text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={`/deals/${id}`} className="hover:underline">
            Deal #{id}
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight size={14} />
        </li>
        <li>
          {current ? (
            <Link to={hrefOf(0)} className="hover:underline">
              {DATA_ROOM_TEXTS.title}
            </Link>
          ) : (
            <span aria-current="page">{DATA_ROOM_TEXTS.title}</span>
          )}
        </li>
        {trail.map((folder) => (
          <li key={folder.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden size={14} />
            {folder.id === current?.id ? (
              <span aria-current="page">
                {folder.index} {folder.name}
              </span>
            ) : (
              <Link to={hrefOf(folder.id)} className="hover:underline">
                {folder.index} {folder.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

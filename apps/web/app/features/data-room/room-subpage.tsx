import { DATA_ROOM_TEXTS, dataRoomPath } from "@aea/domain";
import type { ReactNode } from "react";
import { Link, type MetaDescriptor } from "react-router";
import { pageTitle } from "../../lib/site";

/** The deal a page beside its data room belongs to. */
interface RoomDeal {
  id: number;
  header: string;
}

/**
 * The frame of a page beside a data room (Q&A, bids, document search): the way back to the deal and
 * its room, the page's name over the deal's header, then the page. `header` adds to the header (the
 * search box, the Q&A limits); `narrow` is for a page that reads as one column.
 */
export function RoomSubpage({
  deal,
  name,
  narrow = false,
  header,
  children,
}: {
  deal: RoomDeal;
  name: string;
  narrow?: boolean;
  header?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${narrow ? "max-w-5xl" : "max-w-6xl"} px-4 py-6 sm:px-6 lg:py-8`}>
      <nav aria-label="Breadcrumb" className="flex flex-wrap gap-x-2 text-slate-650 text-sm">
        <Link to={`/deals/${deal.id}`} className="hover:underline">
          Deal #{deal.id}
        </Link>
        <span aria-hidden>/</span>
        <Link to={dataRoomPath(deal.id)} className="hover:underline">
          {DATA_ROOM_TEXTS.title}
        </Link>
      </nav>
      <header className="mt-3 border-navy-100 border-b pb-4">
        <p className="font-semibold text-amber-700 text-sm uppercase tracking-wide">{name}</p>
        <h1 className="font-bold text-2xl text-navy-900 leading-tight sm:text-3xl">{deal.header}</h1>
        {header}
      </header>
      {children}
    </div>
  );
}

/**
 * The `meta` of a page beside a data room: the page's name, the room and the deal's header (once the
 * loader gave it) in the title; never indexed, as nothing in a room is public.
 */
export function roomSubpageMeta(name: string) {
  return ({
    matches,
    loaderData,
  }: {
    matches: Parameters<typeof pageTitle>[0];
    loaderData?: { deal: RoomDeal };
  }): MetaDescriptor[] => [
    {
      title: pageTitle(
        matches,
        `${name} · ${DATA_ROOM_TEXTS.title}${loaderData ? ` | ${loaderData.deal.header}` : ""}`,
      ),
    },
    { name: "robots", content: "noindex" },
  ];
}

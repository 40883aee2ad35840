import type { FeaturedBand } from "@aea/domain";
import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, Link } from "react-router";
import type { SortableRowParts } from "../../components/ui/sortable-list";

export interface OrderedDeal {
  /** The ListingId, named as drag and drop needs it. */
  id: number;
  Header: string;
  status: string;
  band: FeaturedBand;
}

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-md border border-navy-100 bg-white text-navy-800 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-40";

/** The id of a deal's move button, so focus can follow the deal after it moves. */
export const moveButtonId = (listingId: number, direction: "up" | "down") => `move-${direction}-${listingId}`;

/**
 * One deal in the firm's order: its place on the public list, name, status and the Move up and
 * Move down buttons, which post a form and so work before JavaScript loads. Drag and drop adds a handle.
 */
export function DealRow({
  deal,
  position,
  first,
  last,
  version,
  parts,
}: {
  deal: OrderedDeal;
  /** 1-based place on the public list. */
  position: number;
  /** First or last of its band: it cannot move further that way. */
  first: boolean;
  last: boolean;
  version: string;
  parts?: SortableRowParts;
}) {
  return (
    <li
      ref={parts?.rowRef}
      style={parts?.style}
      data-listing-id={deal.id}
      className={`flex items-center gap-x-2 border-navy-100 border-b bg-white px-2 py-2.5 last:border-b-0 sm:px-4 ${parts?.dragging ? "relative z-10 shadow-raised" : ""}`}
    >
      {parts?.handle}
      <span className="w-7 shrink-0 text-right text-slate-650 text-sm tabular sm:w-8">{position}</span>
      <div className="min-w-0 flex-1">
        <Link
          to={`/deals/${deal.id}`}
          className="line-clamp-2 font-semibold text-navy-900 leading-snug hover:underline"
        >
          {deal.Header}
        </Link>
        <span className="text-slate-650 text-xs">
          #{deal.id} · {deal.status}
        </span>
      </div>
      <Form method="post" preventScrollReset className="flex shrink-0 items-center gap-1.5">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="listingId" value={deal.id} />
        <input type="hidden" name="version" value={version} />
        <MoveButton deal={deal} direction="up" disabled={first} />
        <MoveButton deal={deal} direction="down" disabled={last} />
      </Form>
    </li>
  );
}

/** Moves the deal one place up or down within its band (the form around it names the deal). */
function MoveButton({
  deal,
  direction,
  disabled,
}: {
  deal: OrderedDeal;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const Arrow = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <button
      type="submit"
      id={moveButtonId(deal.id, direction)}
      name="direction"
      value={direction}
      className={iconButton}
      disabled={disabled}
      aria-label={`Move “${deal.Header}” ${direction}`}
      title={`Move ${direction}`}
    >
      <Arrow aria-hidden size={16} />
    </button>
  );
}

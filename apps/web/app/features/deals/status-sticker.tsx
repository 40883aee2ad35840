import { isClosing, isSold, type Listing, listingStatusName } from "@aea/domain";

/** The sold or closing sticker on a deal (spec §4); active deals carry none. */
export function StatusSticker({
  listing,
  className = "",
}: {
  listing: Pick<Listing, "status" | "sold">;
  className?: string;
}) {
  if (isSold(listing)) {
    return (
      <span
        className={`inline-flex items-center rounded bg-sold px-2 py-0.5 font-bold text-[0.7rem] text-white uppercase tracking-wider ${className}`}
      >
        Sold
      </span>
    );
  }
  if (isClosing(listing)) {
    return (
      <span
        className={`inline-flex items-center rounded bg-closing px-2 py-0.5 font-bold text-[0.7rem] text-white uppercase tracking-wider ${className}`}
        title={listingStatusName(listing)}
      >
        Closing
      </span>
    );
  }
  return null;
}

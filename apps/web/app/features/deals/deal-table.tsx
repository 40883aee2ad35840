import { type DealQuery, listingStatusName, regionName, type SortType } from "@aea/domain";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import { ListLink } from "../../lib/list-link";
import { basinLine, dealHref, formatListedDate } from "./deal-facts";
import type { ListedDeal } from "./deal-results";
import { StatusSticker } from "./status-sticker";

interface DealTableProps {
  listings: readonly ListedDeal[];
  query: DealQuery;
  /** Link to the same view with another sort. */
  hrefFor(query: Partial<DealQuery>): string;
}

/** Dates sort newest first (descending); names and types A-Z (ascending); reverse flips either. */
function ariaSort(sort: SortType, reverse: boolean): "ascending" | "descending" {
  const forward = sort === "date" ? "descending" : "ascending";
  if (!reverse) return forward;
  return forward === "ascending" ? "descending" : "ascending";
}

/** The table view: dense rows for analysts, with sortable columns (the sort lives in the URL). */
export function DealTable({ listings, query, hrefFor }: DealTableProps) {
  const header = (label: string, sort?: SortType) => {
    if (!sort) {
      return (
        <th scope="col" className="px-3 py-2.5 text-left font-semibold">
          {label}
        </th>
      );
    }
    const active = query.sort === sort;
    const Icon = active ? (query.reverse ? ArrowUp : ArrowDown) : ArrowUpDown;
    return (
      <th
        scope="col"
        aria-sort={active ? ariaSort(sort, query.reverse) : "none"}
        className="px-3 py-2.5 text-left font-semibold"
      >
        <Link
          to={hrefFor({ ...query, sort, reverse: active ? !query.reverse : false, page: 1 })}
          preventScrollReset
          className="inline-flex items-center gap-1 hover:text-amber-500"
        >
          {label}
          <Icon aria-hidden size={14} />
          <span className="sr-only">, sort</span>
        </Link>
      </th>
    );
  };
  return (
    <div className="overflow-x-auto rounded-card border border-navy-100 shadow-card">
      <table className="tabular w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">Deals, one per row</caption>
        <thead className="bg-navy-900 text-white">
          <tr>
            <th scope="col" className="px-3 py-2.5 text-left font-semibold">
              #
            </th>
            {header("Deal", "header")}
            {header("Type", "type")}
            {header("Region")}
            {header("Basin / play")}
            {header("Location")}
            {header("Status")}
            {header("Listed", "date")}
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr
              key={listing.ListingId}
              className="border-navy-100 border-t odd:bg-white even:bg-navy-50/60 hover:bg-amber-100/50"
            >
              <td className="px-3 py-2 text-slate-650">{listing.ListingId}</td>
              <td className="max-w-md px-3 py-2">
                <ListLink
                  href={dealHref(listing.ListingId)}
                  className="font-medium text-navy-900 hover:underline"
                >
                  {listing.Header}
                </ListLink>
              </td>
              <td className="px-3 py-2 font-semibold text-navy-700">{listing.PLSCode}</td>
              <td className="px-3 py-2">{regionName(listing.region)}</td>
              <td className="px-3 py-2">{basinLine({ ...listing, region: null })}</td>
              <td className="px-3 py-2">{listing.location}</td>
              <td className="px-3 py-2">
                <span className="flex items-center gap-2">
                  <StatusSticker listing={listing} />
                  <span>{listingStatusName(listing)}</span>
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{formatListedDate(listing.dateListed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

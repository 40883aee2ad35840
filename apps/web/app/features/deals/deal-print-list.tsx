import { type Listing, listingStatusName } from "@aea/domain";
import { Printer } from "lucide-react";
import { basinLine, formatListedDate, keyFigures } from "./deal-facts";

/** The print view: every matching deal in a plain, ink-friendly list; the site chrome is hidden when printing. */
export function DealPrintList({ listings, title }: { listings: readonly Listing[]; title: string }) {
  return (
    <section aria-label="Printable list" className="bg-white">
      <div className="no-print mb-4 flex items-center justify-between gap-3 rounded-card bg-navy-50 p-3">
        <p className="text-sm">
          {listings.length} deals, formatted for printing. Use your browser's print command or the button.
        </p>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex items-center gap-2 rounded-md bg-navy-800 px-4 py-2 font-semibold text-sm text-white hover:bg-navy-700"
        >
          <Printer aria-hidden size={16} /> Print
        </button>
      </div>
      <h2 className="hidden font-bold text-xl print:block">{title}</h2>
      <ol className="divide-y divide-navy-100 print:divide-black">
        {listings.map((listing) => (
          <li key={listing.ListingId} className="break-inside-avoid py-3">
            <p className="font-semibold text-navy-900">
              #{listing.ListingId} — {listing.Header}
            </p>
            <p className="text-sm">
              {listing.PLSCode} · {[listing.location, basinLine(listing)].filter(Boolean).join(" — ")} ·{" "}
              {listingStatusName(listing)} · Listed {formatListedDate(listing.dateListed)}
            </p>
            <p className="tabular text-sm">
              {keyFigures(listing)
                .map((f) => `${f.label}: ${f.value}`)
                .join("   ")}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Staff exports of listings (issue 14 item 7): the columns of the listing list's CSV and XLSX, written
 * by the one table writer (export/table-export.ts).
 */
import { LISTING_KINDS, type Listing, listingKind, listingStatusName, locationName } from "@aea/domain";
import type { ExportColumn, ExportTable } from "../export/table-export.ts";

const yesNo = (value: boolean): string => (value ? "Yes" : "No");
const day = (value: string | null): string | null => value?.slice(0, 10) ?? null;

const COLUMNS: readonly ExportColumn<Listing>[] = [
  { header: "ListingId", width: 10, value: (l) => l.ListingId, numberFormat: "0" },
  { header: "Header", width: 60, value: (l) => l.Header },
  { header: "Kind", width: 10, value: (l) => LISTING_KINDS[listingKind(l)] },
  { header: "Status", width: 22, value: (l) => listingStatusName(l) },
  { header: "Web status", width: 14, value: (l) => l.webStatus },
  { header: "PLS Code", width: 10, value: (l) => l.PLSCode },
  { header: "Region", width: 16, value: (l) => l.region },
  { header: "Basin", width: 20, value: (l) => l.basin },
  { header: "Play", width: 20, value: (l) => l.play },
  { header: "Field", width: 20, value: (l) => l.field },
  { header: "Location", width: 20, value: (l) => l.location },
  { header: "Country", width: 12, value: (l) => locationName(l.locationId) ?? null },
  { header: "Coordinates", width: 22, value: (l) => l.coordinates },
  { header: "WHR", width: 24, value: (l) => l.whr },
  { header: "WHT", width: 24, value: (l) => l.wht },
  { header: "Working interest", width: 22, value: (l) => l.wi },
  { header: "Production", width: 18, value: (l) => l.prod },
  { header: "Cash flow", width: 18, value: (l) => l.cashflow },
  {
    header: "Projected sale price",
    width: 18,
    value: (l) => l.projectedSalePrice,
    numberFormat: '"$"#,##0.00',
  },
  { header: "Buy Now", width: 9, value: (l) => yesNo(l.buyNow) },
  { header: "Data room", width: 10, value: (l) => yesNo(l.hasVDR) },
  { header: "Agent", width: 22, value: (l) => l.agentName },
  { header: "Date listed", width: 12, value: (l) => day(l.dateListed) },
  { header: "Last updated", width: 12, value: (l) => day(l.LastUpdatedDate) },
  { header: "Page", width: 16, value: (l) => `/deals/${l.ListingId}` },
];

/** The listings as the export's table; the firm is the workbook's author. */
export function listingsTable(listings: readonly Listing[], firmName: string): ExportTable<Listing> {
  return { sheet: "Listings", columns: COLUMNS, rows: listings, creator: firmName };
}

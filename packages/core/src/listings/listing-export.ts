/**
 * Staff exports of listings (issue 14 item 7): the same columns as CSV and as an XLSX workbook.
 * CSV cells go through the data-room activity export's csvCell, which keeps a cell that a
 * spreadsheet would run as a formula as text; XLSX cells are written as typed values, never formulas.
 */
import {
  csvLine,
  LISTING_KINDS,
  type Listing,
  listingKind,
  listingStatusName,
  locationName,
} from "@aea/domain";
import ExcelJS from "exceljs";

type Cell = string | number | null;

interface Column {
  header: string;
  width: number;
  value(listing: Listing): Cell;
  /** Excel number format of a numeric column. */
  format?: string;
}

const yesNo = (value: boolean): string => (value ? "Yes" : "No");
const day = (value: string | null): string | null => value?.slice(0, 10) ?? null;

const COLUMNS: readonly Column[] = [
  { header: "ListingId", width: 10, value: (l) => l.ListingId, format: "0" },
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
  { header: "Projected sale price", width: 18, value: (l) => l.projectedSalePrice, format: '"$"#,##0.00' },
  { header: "Buy Now", width: 9, value: (l) => yesNo(l.buyNow) },
  { header: "Data room", width: 10, value: (l) => yesNo(l.hasVDR) },
  { header: "Agent", width: 22, value: (l) => l.agentName },
  { header: "Date listed", width: 12, value: (l) => day(l.dateListed) },
  { header: "Last updated", width: 12, value: (l) => day(l.LastUpdatedDate) },
  { header: "Page", width: 16, value: (l) => `/deals/${l.ListingId}` },
];

export function listingsCsv(listings: readonly Listing[]): string {
  return (
    csvLine(COLUMNS.map((column) => column.header)) +
    listings.map((listing) => csvLine(COLUMNS.map((column) => column.value(listing)))).join("")
  );
}

export async function listingsXlsx(
  listings: readonly Listing[],
  firmName: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = firmName;
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet("Listings", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({
    header: column.header,
    key: column.header,
    width: column.width,
    style: column.format ? { numFmt: column.format } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const listing of listings) sheet.addRow(COLUMNS.map((column) => column.value(listing)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

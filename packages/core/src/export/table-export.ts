/**
 * Staff exports (listings, users, a data room's activity, the deal statistics): a table of columns
 * and rows, written as CSV or as an XLSX workbook by this one writer (docs/decisions/029).
 *
 * CSV is RFC 4180 with a byte-order mark, which tells spreadsheets the file is UTF-8 (names with
 * accents stay intact); a cell a spreadsheet would run as a formula gets a leading apostrophe, so an
 * uploaded file named `=HYPERLINK(…)` stays text. XLSX cells are written as typed values, never
 * formulas; the header row is bold, frozen and filterable.
 */
import type { ExportFormat } from "@aea/domain";

export type ExportCell = string | number | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  value(row: Row): ExportCell;
  /** The column's width in the workbook, in characters (default 20). */
  width?: number;
  /** Excel number format of a numeric column. */
  numberFormat?: string;
}

export interface ExportTable<Row> {
  /** The worksheet's name. */
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
  /** The workbook's author (its file properties). */
  creator?: string;
}

/** What a download carries: the bytes, their type, and the extension a file name takes. */
export interface ExportFile {
  format: ExportFormat;
  contentType: string;
  body: string | Uint8Array<ArrayBuffer>;
}

const BYTE_ORDER_MARK = "\uFEFF";
const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export async function exportFile<Row>(table: ExportTable<Row>, format: ExportFormat): Promise<ExportFile> {
  const body = format === "csv" ? tableCsv(table) : await tableXlsx(table);
  return { format, contentType: CONTENT_TYPES[format], body };
}

/** One CSV cell: quoted when it holds a comma, quote or line break; a formula's start made text. */
function csvCell(value: ExportCell): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function tableCsv<Row>({ columns, rows }: ExportTable<Row>): string {
  const lines = rows.map((row) => csvLine(columns.map((column) => column.value(row))));
  return BYTE_ORDER_MARK + csvLine(columns.map((column) => column.header)) + lines.join("");
}

async function tableXlsx<Row>({ sheet: name, columns, rows, creator }: ExportTable<Row>) {
  // The workbook writer loads with the first workbook asked for: loaded at start it held ~30 MB of
  // the server's memory for an export staff make now and then (decision 037).
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  if (creator) workbook.creator = creator;
  // A fixed date: the same table gives the same file.
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? 20,
    style: column.numberFormat ? { numFmt: column.numberFormat } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row) ?? null));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

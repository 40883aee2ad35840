import { csvLine, USER_EXPORT_COLUMNS } from "@aea/domain";
import ExcelJS from "exceljs";
import type { AccountListEntry } from "./user.repository.ts";

type Cell = string | number | null;

/** One account as a row of the export, in the order of USER_EXPORT_COLUMNS. */
function exportRow(entry: AccountListEntry, isManagement: boolean): Cell[] {
  const roles = [
    entry.isAdmin && entry.verified && "Admin",
    isManagement && "Management",
    entry.privateListingIds.length > 0 && "Private deals",
    entry.hasClaimAD && "Claim",
  ].filter(Boolean);
  return [
    entry.id,
    entry.firstName,
    entry.lastName,
    entry.email,
    entry.company,
    entry.title,
    entry.contactPhone,
    entry.verified ? "Yes" : "No",
    roles.join(", ") || "Buyer",
    entry.disabledAt ?? "",
    entry.createdAt,
    entry.lastLoginAt ?? "",
  ];
}

/** The accounts as CSV, each cell guarded against running as a spreadsheet formula (domain's csvLine). */
export function usersCsv(entries: AccountListEntry[], isManagement: (email: string) => boolean): string {
  return [USER_EXPORT_COLUMNS, ...entries.map((e) => exportRow(e, isManagement(e.email)))]
    .map((cells) => csvLine(cells))
    .join("");
}

/**
 * The accounts as an XLSX workbook. Cells are written as values, never formulas, so a name typed as
 * `=HYPERLINK(…)` stays text; the header row is bold and frozen, dates are ISO text as in the CSV.
 */
export async function usersXlsx(
  entries: AccountListEntry[],
  isManagement: (email: string) => boolean,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Users", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = USER_EXPORT_COLUMNS.map((header) => ({
    header,
    width: header === "Email" ? 34 : header === "Id" || header === "Verified" ? 8 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const entry of entries) {
    sheet.addRow(exportRow(entry, isManagement(entry.email)).map((cell) => cell ?? ""));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

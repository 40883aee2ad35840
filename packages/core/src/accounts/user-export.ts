import type { ExportColumn, ExportTable } from "../export/table-export.ts";
import type { AccountListEntry } from "./user.repository.ts";

/** An account as the export shows it, with whether its email is one of management's. */
type ExportedAccount = AccountListEntry & { isManagement: boolean };

const roles = (entry: ExportedAccount): string =>
  [
    entry.isAdmin && entry.verified && "Admin",
    entry.isManagement && "Management",
    entry.privateListingIds.length > 0 && "Private deals",
    entry.hasClaimAD && "Claim",
  ]
    .filter(Boolean)
    .join(", ") || "Buyer";

const COLUMNS: readonly ExportColumn<ExportedAccount>[] = [
  { header: "Id", width: 8, value: (e) => e.id },
  { header: "First name", value: (e) => e.firstName },
  { header: "Last name", value: (e) => e.lastName },
  { header: "Email", width: 34, value: (e) => e.email },
  { header: "Company", value: (e) => e.company },
  { header: "Title", value: (e) => e.title },
  { header: "Phone", value: (e) => e.contactPhone },
  { header: "Verified", width: 8, value: (e) => (e.verified ? "Yes" : "No") },
  { header: "Roles", value: roles },
  { header: "Disabled", value: (e) => e.disabledAt },
  { header: "Registered", value: (e) => e.createdAt },
  { header: "Last login", value: (e) => e.lastLoginAt },
];

/** The accounts of a search as the users export's table (written by export/table-export.ts). */
export function usersTable(
  entries: readonly AccountListEntry[],
  isManagement: (email: string) => boolean,
): ExportTable<ExportedAccount> {
  const rows = entries.map((entry) => ({ ...entry, isManagement: isManagement(entry.email) }));
  return { sheet: "Users", columns: COLUMNS, rows };
}

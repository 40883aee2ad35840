import { type FacetDocument, userPath } from "@aea/domain";
import { Link } from "react-router";
import type { Column } from "../../components/staff/data-table";
import { formatDate } from "../../lib/dates";

const text = (value: FacetDocument[string]) =>
  Array.isArray(value) ? value.join(", ") : value === null || value === undefined ? "" : String(value);
const figure = (value: FacetDocument[string]) =>
  typeof value === "number" ? value.toLocaleString("en-US") : "";
const date = (value: FacetDocument[string]) => (typeof value === "string" ? formatDate(value) : "");

const column = (
  key: string,
  header: string,
  cell: (doc: FacetDocument) => React.ReactNode,
  more: Partial<Column<FacetDocument>> = {},
): Column<FacetDocument> => ({ key, header, cell, sortable: true, ...more });

/** The results' columns per dataset: who or what a row is first, then the figures staff compare. */
export const RESULT_COLUMNS: Record<string, Column<FacetDocument>[]> = {
  participant: [
    column(
      "name",
      "Buyer",
      (d) => (
        <Link
          to={userPath(Number(d.id))}
          className="font-medium text-navy-800 underline-offset-2 hover:underline"
        >
          {text(d.name) || text(d.email)}
        </Link>
      ),
      { rowHeader: true },
    ),
    column("company", "Company", (d) => text(d.company)),
    column("title", "Title", (d) => text(d.title)),
    column("state", "State", (d) => text(d.state)),
    column("verified", "Verified", (d) => (d.verified ? "Yes" : "No")),
    column("agreementsSigned", "Agreements", (d) => figure(d.agreementsSigned), { numeric: true }),
    column("downloads", "Downloads", (d) => figure(d.downloads), { numeric: true }),
    column("lastLoginAt", "Last login", (d) => date(d.lastLoginAt), { className: "whitespace-nowrap" }),
  ],
  listing: [
    column(
      "header",
      "Listing",
      (d) => (
        <Link
          to={`/admin/listings/${d.id}`}
          className="font-medium text-navy-800 underline-offset-2 hover:underline"
        >
          {text(d.header) || `Listing ${d.id}`}
        </Link>
      ),
      { rowHeader: true },
    ),
    column("kind", "Kind", (d) => text(d.kind)),
    column("region", "Region", (d) => text(d.region)),
    column("status", "Status", (d) => text(d.status)),
    column("webhitCount", "Web hits", (d) => figure(d.webhitCount), { numeric: true }),
    column("signedCACount", "Signed CAs", (d) => figure(d.signedCACount), { numeric: true }),
    column("dataRoomVisitors", "Visitors", (d) => figure(d.dataRoomVisitors), { numeric: true }),
    column("dateListed", "Listed", (d) => date(d.dateListed), { className: "whitespace-nowrap" }),
  ],
};

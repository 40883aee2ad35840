import { type DealStatistics, dealStatisticsEditSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { type Column, DataTable } from "../../components/staff/data-table";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { digitsOnlyInput } from "../../lib/forms/digits-only";
import { FormErrors, InputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";

export interface StatisticsRow extends DealStatistics {
  header: string;
  status: string;
  dealAlertsSent: number;
  buyersReached: number;
  offersFromBids: boolean;
}

/** The figures that are counts (shown as they are, right-aligned). */
type CountedFigure = {
  [K in keyof StatisticsRow]: StatisticsRow[K] extends number | null ? K : never;
}[keyof StatisticsRow];

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
export const formatUsd = (value: number | null) => (value === null ? "" : usd.format(value));

/** One listing's hand-entered figures (management); the rest are counted by the site. */
export function StatisticsEditForm({
  row,
  lastResult,
  status,
}: {
  row: StatisticsRow;
  lastResult?: SubmissionResult<string[]> | null;
  status: SubmitStatus;
}) {
  const [form, fields] = useSchemaForm(dealStatisticsEditSchema, {
    id: `statistics-${row.ListingId}`,
    lastResult,
    defaultValue: {
      listingId: String(row.ListingId),
      hotLeadOverride: row.hotLeadOverride === null ? "" : String(row.hotLeadOverride),
      noCount: String(row.noCount),
      contactedCount: String(row.contactedCount),
      offersCount: String(row.offersCount),
      revenueRisk: row.revenueRisk === null ? "" : String(row.revenueRisk),
      lastWhiteButtonDate: row.lastWhiteButtonDate ?? "",
      loadCode: row.loadCode ?? "",
    },
  });
  const count = { ...digitsOnlyInput, inputClassName: "tabular text-right" };
  return (
    <Form
      method="post"
      {...formProps(form)}
      className="rounded-card border border-amber-300 bg-white p-5 shadow-card"
    >
      <h3 id="edit-statistics-title" className="font-semibold text-navy-900">
        Edit statistics: {row.header}
      </h3>
      <p className="text-slate-650 text-xs">
        Listing #{row.ListingId} · signed CAs ({row.signedCACount}) and web hits ({row.webhitCount}) are
        counted by the site
      </p>
      <input type="hidden" name="intent" value="statistics" />
      <input type="hidden" name="listingId" value={row.ListingId} />
      <FormErrors errors={form.errors} className="mt-3" />
      <div className="mt-4 grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-4">
        <InputField
          field={fields.hotLeadOverride}
          label="Hot leads override"
          hint={`Blank: the ${row.hotLeadCounted} counted from engagement`}
          {...count}
        />
        <InputField field={fields.noCount} label="No's" {...count} />
        <InputField field={fields.contactedCount} label="Contacted" {...count} />
        <InputField
          field={fields.offersCount}
          label="Offers"
          {...count}
          {...(row.offersFromBids ? { readOnly: true, hint: "Counted from the bids" } : {})}
        />
        <InputField field={fields.revenueRisk} label="Revenue risk (USD)" inputMode="decimal" />
        <InputField field={fields.lastWhiteButtonDate} label="Last white button" hint="YYYY-MM-DD" />
        <InputField field={fields.loadCode} label="Load code" />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <SubmitButton status={status}>Save statistics</SubmitButton>
        <Link
          to="/admin/dashboard#statistics-title"
          className="font-medium text-navy-700 text-sm underline underline-offset-2"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** Every listing's statistics, the hand-entered ones with an Edit link (a page of its own: works without JavaScript). */
export function StatisticsTable({
  rows,
  totals,
  editHref,
}: {
  rows: StatisticsRow[];
  totals: Record<string, number>;
  editHref: (listingId: number) => string;
}) {
  const figure = (key: CountedFigure, header: string): Column<StatisticsRow> => ({
    key,
    header,
    numeric: true,
    cell: (r) => r[key],
  });
  const columns: Column<StatisticsRow>[] = [
    {
      key: "listing",
      header: "Listing",
      rowHeader: true,
      className: "max-w-[22rem]",
      cell: (r) => (
        <>
          <Link to={`/deals/${r.ListingId}`} className="font-medium text-navy-900 hover:underline">
            {r.header}
          </Link>
          <span className="block text-slate-650 text-xs">
            #{r.ListingId} · {r.status}
          </span>
        </>
      ),
    },
    figure("signedCACount", "Signed CAs"),
    {
      key: "hotLeadCount",
      header: "Hot leads",
      numeric: true,
      cell: (r) => (
        <>
          {r.hotLeadCount}
          <span className="block text-slate-650 text-xs">
            {r.hotLeadOverride === null ? "counted" : `set by hand (counted ${r.hotLeadCounted})`}
          </span>
        </>
      ),
    },
    figure("noCount", "No's"),
    figure("contactedCount", "Contacted"),
    figure("webhitCount", "Web hits"),
    figure("offersCount", "Offers"),
    { key: "revenueRisk", header: "Revenue risk", numeric: true, cell: (r) => formatUsd(r.revenueRisk) },
    figure("dealAlertsSent", "Alerts sent"),
    figure("buyersReached", "Buyers reached"),
    { key: "lastWhiteButtonDate", header: "Last white button", cell: (r) => r.lastWhiteButtonDate },
    { key: "loadCode", header: "Load code", cell: (r) => r.loadCode },
    { key: "updatedBy", header: "Updated by", className: "text-slate-650", cell: (r) => r.updatedBy },
    {
      key: "edit",
      header: <span className="sr-only">Edit</span>,
      cell: (r) => (
        <Link
          to={editHref(r.ListingId)}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-navy-700 hover:bg-navy-50"
        >
          <Pencil aria-hidden size={14} />
          Edit<span className="sr-only"> statistics of {r.header}</span>
        </Link>
      ),
    },
  ];
  const total = "px-3 py-2 text-right tabular";
  return (
    // Some two hundred listings: the table scrolls inside its frame, header and totals staying in view.
    <DataTable
      caption="Deal statistics per listing"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.ListingId}
      empty="No listings."
      minWidth="min-w-[64rem]"
      className="mt-3"
      footer={
        <tr>
          <th scope="row" className="px-3 py-2 text-left">
            Total ({rows.length} listings)
          </th>
          <td className={total}>{totals.signedCACount}</td>
          <td className={total} data-testid="total-hot-leads">
            {totals.hotLeadCount}
          </td>
          <td className={total}>{totals.noCount}</td>
          <td className={total}>{totals.contactedCount}</td>
          <td className={total}>{totals.webhitCount}</td>
          <td className={total}>{totals.offersCount}</td>
          <td className={total}>{formatUsd(totals.revenueRisk ?? 0)}</td>
          <td className={total}>{totals.dealAlertsSent}</td>
          <td className={total}>{totals.buyersReached}</td>
          <td colSpan={4} />
        </tr>
      }
    />
  );
}

/**
 * Horizontal bars drawn with plain elements inside a table (no chart library, no script): each row
 * reads as label and figures to a screen reader, the bars only show the proportions.
 */
export function BarTable({
  caption,
  labelHeader,
  series,
  rows,
}: {
  caption: string;
  labelHeader: string;
  series: readonly { name: string; barClass: string }[];
  rows: readonly { key: string; label: ReactNode; values: readonly number[] }[];
}) {
  const most = Math.max(1, ...rows.flatMap((r) => r.values));
  return (
    <table className="tabular mt-3 w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-navy-100 border-b text-left">
          <th scope="col" className="py-2 pr-3">
            {labelHeader}
          </th>
          {series.map((s) => (
            <th key={s.name} scope="col" className="w-1/3 py-2 pr-3">
              {s.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-navy-100 border-b align-middle">
            <th scope="row" className="py-2 pr-3 text-left font-normal">
              {row.label}
            </th>
            {row.values.map((value, i) => (
              <td key={series[i]?.name} className="py-2 pr-3">
                <span className="flex items-center gap-2">
                  <span aria-hidden className="h-3 flex-1">
                    <span
                      className={`block h-3 rounded-sm ${series[i]?.barClass ?? ""}`}
                      style={{ width: `${Math.max(value > 0 ? 3 : 0, Math.round((value / most) * 100))}%` }}
                    />
                  </span>
                  <span className="w-10 text-right">{value}</span>
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

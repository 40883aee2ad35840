import { type DealStatistics, dealStatisticsEditSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { FormErrors, InputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";

export interface StatisticsRow extends DealStatistics {
  header: string;
  status: string;
  dealAlertsSent: number;
}

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
      hotLeadCount: String(row.hotLeadCount),
      noCount: String(row.noCount),
      contactedCount: String(row.contactedCount),
      offersCount: String(row.offersCount),
      revenueRisk: row.revenueRisk === null ? "" : String(row.revenueRisk),
      lastWhiteButtonDate: row.lastWhiteButtonDate ?? "",
      loadCode: row.loadCode ?? "",
    },
  });
  const count = { inputMode: "numeric" as const, inputClassName: "tabular text-right" };
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
        <InputField field={fields.hotLeadCount} label="Hot leads" {...count} />
        <InputField field={fields.noCount} label="No's" {...count} />
        <InputField field={fields.contactedCount} label="Contacted" {...count} />
        <InputField field={fields.offersCount} label="Offers" {...count} />
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
  const number = "px-2 py-2 text-right";
  const head = "px-2 py-2 text-right font-semibold";
  return (
    <section
      aria-label="Deal statistics per listing"
      // Some two hundred listings: the table scrolls inside its frame, header and totals staying in view.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keyboard.
      tabIndex={0}
      // relative: the screen-reader-only texts inside are positioned against it, not the page.
      className="relative mt-3 max-h-[36rem] overflow-auto rounded-card border border-navy-100 bg-white"
    >
      <table className="tabular w-full min-w-[64rem] text-sm">
        <caption className="sr-only">Deal statistics per listing</caption>
        <thead className="sticky top-0 z-10 bg-navy-50 text-navy-900 shadow-[0_1px_0_var(--color-navy-100)]">
          <tr>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Listing
            </th>
            <th scope="col" className={head}>
              Signed CAs
            </th>
            <th scope="col" className={head}>
              Hot leads
            </th>
            <th scope="col" className={head}>
              No's
            </th>
            <th scope="col" className={head}>
              Contacted
            </th>
            <th scope="col" className={head}>
              Web hits
            </th>
            <th scope="col" className={head}>
              Offers
            </th>
            <th scope="col" className={head}>
              Revenue risk
            </th>
            <th scope="col" className={head}>
              Alerts sent
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Last white button
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Load code
            </th>
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              Updated by
            </th>
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-100">
          {rows.map((r) => (
            <tr key={r.ListingId} className="hover:bg-navy-50/60">
              <th scope="row" className="max-w-[22rem] px-2 py-2 text-left font-normal">
                <Link to={`/deals/${r.ListingId}`} className="font-medium text-navy-900 hover:underline">
                  {r.header}
                </Link>
                <span className="block text-slate-650 text-xs">
                  #{r.ListingId} · {r.status}
                </span>
              </th>
              <td className={number}>{r.signedCACount}</td>
              <td className={number}>{r.hotLeadCount}</td>
              <td className={number}>{r.noCount}</td>
              <td className={number}>{r.contactedCount}</td>
              <td className={number}>{r.webhitCount}</td>
              <td className={number}>{r.offersCount}</td>
              <td className={number}>{formatUsd(r.revenueRisk)}</td>
              <td className={number}>{r.dealAlertsSent}</td>
              <td className="px-2 py-2">{r.lastWhiteButtonDate}</td>
              <td className="px-2 py-2">{r.loadCode}</td>
              <td className="px-2 py-2 text-slate-650">{r.updatedBy}</td>
              <td className="px-2 py-2">
                <Link
                  to={editHref(r.ListingId)}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-navy-700 hover:bg-navy-50"
                >
                  <Pencil aria-hidden size={14} />
                  Edit<span className="sr-only"> statistics of {r.header}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="sticky bottom-0 z-10 bg-navy-50 font-semibold text-navy-900 shadow-[0_-2px_0_var(--color-navy-200)]">
          <tr>
            <th scope="row" className="px-2 py-2 text-left">
              Total ({rows.length} listings)
            </th>
            <td className={number}>{totals.signedCACount}</td>
            <td className={number} data-testid="total-hot-leads">
              {totals.hotLeadCount}
            </td>
            <td className={number}>{totals.noCount}</td>
            <td className={number}>{totals.contactedCount}</td>
            <td className={number}>{totals.webhitCount}</td>
            <td className={number}>{totals.offersCount}</td>
            <td className={number}>{formatUsd(totals.revenueRisk ?? 0)}</td>
            <td className={number}>{totals.dealAlertsSent}</td>
            <td colSpan={4} />
          </tr>
        </tfoot>
      </table>
    </section>
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

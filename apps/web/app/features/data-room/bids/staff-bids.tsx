import {
  BID_ROUND_KIND_LABELS,
  BID_ROUND_KINDS,
  BID_TEXTS,
  BID_TIME_ZONE_LABELS,
  BID_TIME_ZONES,
  bestAndFinalSchema,
  bidAmountText,
  changeBidRoundSchema,
  formatPrice,
  openBidRoundSchema,
  unsealBidsSchema,
  zonedTimeInput,
} from "@aea/domain";
import { Download, Trophy } from "lucide-react";
import { Form } from "react-router";
import { cardStyles } from "../../../components/staff/card";
import { type Column, DataTable } from "../../../components/staff/data-table";
import { Alert } from "../../../components/ui/alert";
import { buttonStyles } from "../../../components/ui/button-styles";
import { SubmitButton } from "../../../components/ui/submit-button";
import { type Field, FormErrors, InputField, TextAreaInputField } from "../../../lib/forms/fields";
import { SelectField } from "../../../lib/forms/select-field";
import { formProps, useNavigationStatus, useSchemaForm } from "../../../lib/forms/use-schema-form";
import type { BidsAction, BidsData, ComparedBid, Round } from "./bids-data";

type StaffData = Extract<BidsData, { role: "staff" }>;

/** Staff's side: open a round; while it runs, how many have bid; after, the bids side by side. */
export function StaffBids({ data, action }: { data: StaffData; action?: BidsAction }) {
  const { round } = data;
  const running = round && !data.decided;
  const formOf = (intent: BidsAction["intent"]) => (action?.intent === intent ? action : undefined);
  return (
    <div className="mt-6 space-y-6">
      {!round ? <p className="text-slate-650">{BID_TEXTS.noRoundStaff}</p> : null}
      {round ? (
        <p className="text-navy-900">
          {data.bidders === 1 ? "1 buyer has bid" : `${data.bidders} buyers have bid`} in this round.
        </p>
      ) : null}
      {data.sealed ? (
        <>
          <Alert tone="info">{data.sealed}</Alert>
          <UnsealForm action={formOf("unseal")} />
        </>
      ) : null}
      {round && !data.sealed ? <Comparison data={data} action={formOf("winner")} /> : null}
      {round && data.decided && round.status !== "awarded" ? (
        <BestAndFinalForm action={formOf("best-and-final")} />
      ) : null}
      {running ? (
        <ChangeRoundForm
          key={`${round.opensAt} ${round.deadline} ${round.minimum}`}
          round={round}
          action={formOf("change-round")}
        />
      ) : (
        <OpenRoundForm action={formOf("open")} />
      )}
    </div>
  );
}

const money = (value: number | null) => (value === null ? "—" : `$${formatPrice(value)}`);

function Comparison({ data, action }: { data: StaffData; action?: BidsAction }) {
  const { round, deal } = data;
  const status = useNavigationStatus("winner");
  const columns: Column<ComparedBid>[] = [
    {
      key: "bidder",
      header: "Bidder",
      rowHeader: true,
      cell: (b) => (
        <span>
          <span className="font-semibold">{b.bidderName}</span>
          {round?.winnerBidId === b.id ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900 text-xs">
              {BID_TEXTS.winnerBadge}
            </span>
          ) : null}
          <span className="block text-slate-650 text-xs">{b.company ?? b.bidderEmail}</span>
        </span>
      ),
    },
    { key: "amount", header: "Amount", numeric: true, cell: (b) => bidAmountText(b.amount) },
    { key: "acre", header: "$/acre", numeric: true, cell: (b) => money(b.perAcre) },
    { key: "boe", header: "$/flowing BOE per day", numeric: true, cell: (b) => money(b.perFlowingBoe) },
    {
      key: "pv10",
      header: "% of PV10",
      numeric: true,
      cell: (b) => (b.pctOfPv10 === null ? "—" : `${b.pctOfPv10.toFixed(1)}%`),
    },
    { key: "effective", header: "Effective", cell: (b) => b.effectiveDate },
    { key: "conditions", header: "Conditions", cell: (b) => b.conditions || "—" },
    { key: "revision", header: "Revision", numeric: true, cell: (b) => b.revision },
  ];
  if (data.decided && round?.status !== "awarded")
    columns.push({
      key: "decide",
      header: "Decision",
      cell: (b) => (
        <Form method="post">
          <input type="hidden" name="intent" value="winner" />
          <input type="hidden" name="bidId" value={b.id} />
          <SubmitButton look="secondary" status={status} icon={<Trophy aria-hidden size={16} />}>
            {BID_TEXTS.winnerButton}
            <span className="sr-only"> ({b.bidderName})</span>
          </SubmitButton>
        </Form>
      ),
    });
  return (
    <section aria-labelledby="compare-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="compare-title" className="font-semibold text-navy-900 text-xl">
          {BID_TEXTS.compareTitle}
        </h2>
        {data.bids.length > 0 ? (
          <div className="flex gap-2">
            {(["csv", "xlsx"] as const).map((format) => (
              <a
                key={format}
                href={`/deals/${deal.id}/data-room/bids/export?format=${format}`}
                className={buttonStyles.secondary}
                download
              >
                <Download aria-hidden size={16} />
                Export {format.toUpperCase()}
              </a>
            ))}
          </div>
        ) : null}
      </div>
      {action?.error ? <Alert tone="error">{action.error}</Alert> : null}
      <DataTable
        caption={BID_TEXTS.compareTitle}
        columns={columns}
        rows={data.bids}
        rowKey={(b) => b.id}
        empty={BID_TEXTS.noBids}
        minWidth="min-w-[60rem]"
      />
    </section>
  );
}

function OpenRoundForm({ action }: { action?: BidsAction }) {
  const [form, fields] = useSchemaForm(openBidRoundSchema, {
    id: "open-round",
    lastResult: action?.result ?? null,
    defaultValue: { kind: "sealed", timeZone: "America/Chicago" },
  });
  const status = useNavigationStatus("open");
  return (
    <section aria-labelledby="open-title" className={`${cardStyles} p-5 sm:p-6`}>
      <h2 id="open-title" className="font-semibold text-navy-900 text-xl">
        {BID_TEXTS.openTitle}
      </h2>
      <Form method="post" {...formProps(form)} className="mt-4 space-y-4" aria-labelledby="open-title">
        <input type="hidden" name="intent" value="open" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={fields.kind}
            label="Kind"
            choices={BID_ROUND_KINDS.map((k) => ({ value: k, text: BID_ROUND_KIND_LABELS[k] }))}
          />
          <SelectField
            field={fields.timeZone}
            label="The listing's time zone"
            choices={BID_TIME_ZONES.map((z) => ({ value: z, text: BID_TIME_ZONE_LABELS[z] }))}
          />
          <RoundTermsFields fields={fields} />
        </div>
        <TextAreaInputField
          field={fields.requiredDocuments}
          label="Documents to include (optional)"
          rows={2}
          placeholder="e.g. a signed purchase-and-sale term sheet"
        />
        <SubmitButton status={status}>{BID_TEXTS.openButton}</SubmitButton>
      </Form>
    </section>
  );
}

/** A round's opening, deadline and minimum, as opening it and changing it take them. */
function RoundTermsFields({ fields }: { fields: Record<"opensAt" | "deadline" | "minimum", Field> }) {
  return (
    <>
      <InputField field={fields.opensAt} label="Opens" type="datetime-local" required />
      <InputField field={fields.deadline} label="Deadline" type="datetime-local" required />
      <InputField field={fields.minimum} label="Minimum (USD, optional)" inputMode="decimal" />
    </>
  );
}

/** While the round runs: its opening (until it comes), deadline and minimum, in the round's zone. */
function ChangeRoundForm({ round, action }: { round: Round; action?: BidsAction }) {
  const [form, fields] = useSchemaForm(changeBidRoundSchema, {
    id: "change-round",
    lastResult: action?.result ?? null,
    defaultValue: {
      opensAt: zonedTimeInput(round.opensAt, round.timeZone),
      deadline: zonedTimeInput(round.deadline, round.timeZone),
      minimum: round.minimum === null ? "" : String(round.minimum),
    },
  });
  const status = useNavigationStatus("change-round");
  return (
    <section aria-labelledby="change-title" className={`${cardStyles} p-5 sm:p-6`}>
      <h2 id="change-title" className="font-semibold text-navy-900 text-xl">
        {BID_TEXTS.changeTitle}
      </h2>
      <p className="mt-1 text-slate-650 text-sm">
        Times in {BID_TIME_ZONE_LABELS[round.timeZone]}. Buyers who have bid are emailed a moved deadline.
      </p>
      <Form method="post" {...formProps(form)} className="mt-4 space-y-4" aria-labelledby="change-title">
        <input type="hidden" name="intent" value="change-round" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <RoundTermsFields fields={fields} />
        </div>
        <SubmitButton look="secondary" status={status}>
          {BID_TEXTS.changeButton}
        </SubmitButton>
      </Form>
    </section>
  );
}

function UnsealForm({ action }: { action?: BidsAction }) {
  const [form, fields] = useSchemaForm(unsealBidsSchema, {
    id: "unseal",
    lastResult: action?.result ?? null,
  });
  const status = useNavigationStatus("unseal");
  return (
    <section aria-labelledby="unseal-title" className={`${cardStyles} p-5`}>
      <h2 id="unseal-title" className="font-semibold text-lg text-navy-900">
        {BID_TEXTS.unsealTitle}
      </h2>
      <Form method="post" {...formProps(form)} className="mt-3 space-y-3" aria-labelledby="unseal-title">
        <input type="hidden" name="intent" value="unseal" />
        <FormErrors errors={form.errors} />
        <TextAreaInputField
          field={fields.reason}
          label="Reason (every bidder is told the bids were opened)"
          rows={2}
        />
        <SubmitButton look="secondary" status={status}>
          {BID_TEXTS.unsealButton}
        </SubmitButton>
      </Form>
    </section>
  );
}

function BestAndFinalForm({ action }: { action?: BidsAction }) {
  const [form, fields] = useSchemaForm(bestAndFinalSchema, {
    id: "best-and-final",
    lastResult: action?.result ?? null,
  });
  const status = useNavigationStatus("best-and-final");
  return (
    <section aria-labelledby="baf-title" className={`${cardStyles} p-5`}>
      <h2 id="baf-title" className="font-semibold text-lg text-navy-900">
        {BID_TEXTS.bestAndFinalTitle}
      </h2>
      <Form
        method="post"
        {...formProps(form)}
        className="mt-3 flex flex-wrap items-end gap-3"
        aria-labelledby="baf-title"
      >
        <input type="hidden" name="intent" value="best-and-final" />
        <FormErrors errors={form.errors} className="w-full" />
        <InputField
          field={fields.deadline}
          label="New deadline (the round's time zone)"
          type="datetime-local"
          required
        />
        <SubmitButton look="secondary" status={status}>
          {BID_TEXTS.bestAndFinalButton}
        </SubmitButton>
      </Form>
    </section>
  );
}

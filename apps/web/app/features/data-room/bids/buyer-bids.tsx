import { BID_TEXTS, bidAmountText, formatPrice, submitBidSchema, zonedTimeText } from "@aea/domain";
import { Send } from "lucide-react";
import { Form, Link } from "react-router";
import { cardStyles } from "../../../components/staff/card";
import { Alert } from "../../../components/ui/alert";
import { Checkbox } from "../../../components/ui/checkbox";
import { FieldError } from "../../../components/ui/field-error";
import { fieldStyles } from "../../../components/ui/field-styles";
import { SubmitButton } from "../../../components/ui/submit-button";
import { FormErrors, InputField, TextAreaInputField } from "../../../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../../../lib/forms/use-schema-form";
import type { BidsAction, BidsData, OwnBid, Round } from "./bids-data";

type BuyerData = Extract<BidsData, { role: "buyer" }>;

/** A buyer's side of the round: the bid form until the deadline, the receipt, every revision. */
export function BuyerBids({ data, action }: { data: BuyerData; action?: BidsAction }) {
  const { round, mine } = data;
  const latest = mine[0];
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <section aria-labelledby="bid-title" className={`${cardStyles} self-start p-5 sm:p-6`}>
        <h2 id="bid-title" className="font-semibold text-navy-900 text-xl">
          {BID_TEXTS.bidTitle}
        </h2>
        {data.cannotBid ? (
          <Alert tone="info" className="mt-4">
            {data.cannotBid}
          </Alert>
        ) : (
          <BidForm
            latest={latest}
            files={data.secureFiles}
            action={action?.intent === "bid" ? action : undefined}
          />
        )}
      </section>
      <div className="space-y-6">
        {latest && round ? <Receipt bid={latest} round={round} /> : null}
        {mine.length > 0 && round ? <Revisions bids={mine} round={round} /> : null}
      </div>
    </div>
  );
}

function BidForm({
  latest,
  files,
  action,
}: {
  latest: OwnBid | undefined;
  files: BuyerData["secureFiles"];
  action?: BidsAction;
}) {
  const [form, fields] = useSchemaForm(submitBidSchema, {
    id: "submit-bid",
    lastResult: action?.result ?? null,
    defaultValue: latest
      ? {
          amount: formatPrice(latest.amount),
          effectiveDate: latest.effectiveDate,
          conditions: latest.conditions,
        }
      : undefined,
  });
  const status = useNavigationStatus("bid");
  const attached = new Set(latest?.attachments.map((a) => a.id));
  return (
    <Form method="post" {...formProps(form)} className="mt-4 space-y-4" aria-labelledby="bid-title">
      <input type="hidden" name="intent" value="bid" />
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.amount} label="Amount (USD)" inputMode="decimal" required />
        <InputField field={fields.effectiveDate} label="Effective date" type="date" required />
      </div>
      <TextAreaInputField field={fields.conditions} label="Conditions" rows={4} />
      <fieldset>
        <legend className={fieldStyles.label}>Attachments</legend>
        {files.length === 0 ? (
          <p className="mt-1 text-slate-650 text-sm">
            Send term sheets and other documents through{" "}
            <Link to="/secure-files" className="text-navy-700 underline">
              Secure Files
            </Link>{" "}
            first; they can then be attached here.
          </p>
        ) : (
          <div className="mt-2 space-y-2">
            {files.map((f) => (
              <Checkbox
                key={f.id}
                name="attachments"
                value={String(f.id)}
                defaultChecked={attached.has(f.id)}
                label={f.name}
              />
            ))}
          </div>
        )}
        <FieldError id={`${fields.attachments.id}-error`}>{fields.attachments.errors?.[0]}</FieldError>
      </fieldset>
      <SubmitButton status={status} icon={<Send aria-hidden size={18} />}>
        {latest ? BID_TEXTS.reviseButton : BID_TEXTS.submitButton}
      </SubmitButton>
    </Form>
  );
}

function Receipt({ bid, round }: { bid: OwnBid; round: Round }) {
  return (
    <section aria-labelledby="receipt-title" className={`${cardStyles} p-5`}>
      <h2 id="receipt-title" className="font-semibold text-navy-900 text-xl">
        {BID_TEXTS.receiptTitle}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-slate-650">Revision</dt>
          <dd className="font-medium text-navy-900">{bid.revision}</dd>
        </div>
        <div>
          <dt className="text-slate-650">Amount</dt>
          <dd className="font-medium text-navy-900 tabular-nums">{bidAmountText(bid.amount)}</dd>
        </div>
        <div>
          <dt className="text-slate-650">Received</dt>
          <dd className="font-medium text-navy-900">{zonedTimeText(bid.submittedAt, round.timeZone)}</dd>
        </div>
        <div>
          <dt className="text-slate-650">SHA-256</dt>
          <dd className="break-all font-mono text-navy-900 text-xs" data-testid="bid-sha256">
            {bid.sha256}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Revisions({ bids, round }: { bids: OwnBid[]; round: Round }) {
  return (
    <section aria-labelledby="revisions-title">
      <h2 id="revisions-title" className="font-semibold text-navy-900 text-xl">
        {BID_TEXTS.revisionsTitle}
      </h2>
      <ol className="mt-3 space-y-2" aria-label={BID_TEXTS.revisionsTitle}>
        {bids.map((b) => (
          <li key={b.id} className={`${cardStyles} p-4 text-sm`}>
            <p className="font-semibold text-navy-900">
              Revision {b.revision}: <span className="tabular-nums">{bidAmountText(b.amount)}</span>
            </p>
            <p className="text-slate-650">
              Effective {b.effectiveDate} · received {zonedTimeText(b.submittedAt, round.timeZone)}
            </p>
            {b.conditions ? <p className="mt-1 whitespace-pre-wrap text-navy-900">{b.conditions}</p> : null}
            {b.attachments.length > 0 ? (
              <p className="mt-1 text-slate-650">Attached: {b.attachments.map((a) => a.name).join(", ")}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

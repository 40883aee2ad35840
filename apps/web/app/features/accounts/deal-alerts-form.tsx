import { DEAL_ALERT_FREQUENCIES, type DealAlertFrequency, dealAlertPreferenceSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { FormErrors } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";

/** Whether, and how often, the buyer is mailed new public deals that match their interests. */
export function DealAlertsForm({
  frequency,
  lastResult,
  status,
}: {
  frequency: DealAlertFrequency;
  lastResult?: SubmissionResult<string[]> | null;
  status: SubmitStatus;
}) {
  const [form, fields] = useSchemaForm(dealAlertPreferenceSchema, {
    id: "deal-alerts",
    lastResult,
    defaultValue: { frequency },
  });
  const error = fields.frequency.errors?.[0];
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="deal-alerts" />
      <FormErrors errors={form.errors} />
      <fieldset aria-describedby={error ? "deal-alerts-error" : undefined}>
        <legend className="font-semibold text-navy-900 text-sm uppercase tracking-wide">
          Email me new deals
        </legend>
        <div className="mt-3 space-y-2">
          {DEAL_ALERT_FREQUENCIES.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-3 rounded-md border border-navy-100 px-3 py-2 text-sm hover:bg-navy-50 has-[:checked]:border-navy-600 has-[:checked]:bg-navy-50"
            >
              <input
                type="radio"
                name={fields.frequency.name}
                value={option.value}
                defaultChecked={frequency === option.value}
                className="size-4 accent-navy-700"
              />
              <span className="text-navy-900">{option.label}</span>
            </label>
          ))}
        </div>
        {error ? (
          <p id="deal-alerts-error" className="mt-2 text-red-700 text-sm">
            {error}
          </p>
        ) : null}
      </fieldset>
      <SubmitButton status={status}>Save deal alerts</SubmitButton>
    </Form>
  );
}

import { hotLeadThresholdSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { cardStyles } from "../../../components/staff/card";
import { SubmitButton, type SubmitStatus } from "../../../components/ui/submit-button";
import { formatDate } from "../../../lib/dates";
import { digitsOnlyInput } from "../../../lib/forms/digits-only";
import { FormErrors, InputField } from "../../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../../lib/forms/use-schema-form";

export interface ThresholdFacts {
  threshold: number;
  updatedBy: string | null;
  updatedAt: string | null;
}

/** The one hot-lead threshold (every listing's): a buyer at or above it counts on the Mgmt Dash. */
export function ThresholdForm({
  facts,
  lastResult,
  status,
}: {
  facts: ThresholdFacts;
  lastResult?: SubmissionResult<string[]> | null;
  status: SubmitStatus;
}) {
  const [form, fields] = useSchemaForm(hotLeadThresholdSchema, {
    id: "hot-lead-threshold",
    lastResult,
    defaultValue: { threshold: String(facts.threshold) },
  });
  return (
    <Form
      method="post"
      {...formProps(form)}
      className={`${cardStyles} p-4`}
      aria-labelledby="threshold-title"
    >
      <h3 id="threshold-title" className="font-semibold text-navy-900">
        Hot-lead threshold
      </h3>
      <p className="mt-1 text-slate-650 text-sm">
        A buyer whose score reaches it is a hot lead on every listing's Mgmt Dash figure.{" "}
        {facts.updatedBy && facts.updatedAt
          ? `Set by ${facts.updatedBy} on ${formatDate(facts.updatedAt, "moment")}.`
          : "The default applies until staff set one."}
      </p>
      <input type="hidden" name="intent" value="threshold" />
      <FormErrors errors={form.errors} className="mt-3" />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <InputField
          field={fields.threshold}
          label="Score of a hot lead"
          {...digitsOnlyInput}
          inputClassName="tabular w-28 text-right"
        />
        <SubmitButton status={status}>Save threshold</SubmitButton>
      </div>
    </Form>
  );
}

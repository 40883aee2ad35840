import { staffEmailChangeSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton } from "../../components/ui/submit-button";
import { EmailInputField, FormErrors, PasswordInputField } from "../../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../../lib/forms/use-schema-form";

/** Staff send a confirmation link to the account's new address (their own password proves it is them). */
export function EmailChangeForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const status = useNavigationStatus("change-email");
  const [form, fields] = useSchemaForm(staffEmailChangeSchema, { id: "change-email", lastResult });
  return (
    <Form method="post" {...formProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="change-email" />
      <EmailInputField field={fields.newEmail} label="New email" required autoComplete="off" />
      <PasswordInputField
        field={fields.currentPassword}
        label="Your password"
        autoComplete="current-password"
        hint="Not needed within 10 minutes of your login."
      />
      <FormErrors errors={form.errors} />
      <div className="flex justify-end">
        <SubmitButton status={status}>Send the link</SubmitButton>
      </div>
    </Form>
  );
}

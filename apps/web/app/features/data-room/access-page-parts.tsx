import { CONFIRM_NO, CONFIRM_YES } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { ConfirmAction } from "../../components/ui/confirm-action";
import { SubmitButton } from "../../components/ui/submit-button";
import { formatDate } from "../../lib/dates";
import { EmailInputField, FormErrors, InputField } from "../../lib/forms/fields";
import type { ObjectSchema } from "../../lib/forms/use-schema-form";
import { formProps, useNavigationStatus, useSchemaForm } from "../../lib/forms/use-schema-form";

/** A buyer who was let in, one row of a grants list. */
export interface GrantRow {
  userId: number;
  name: string;
  email: string;
  grantedAt: string;
  grantedBy: string | null;
  via?: string;
}

/** The buyers a grant list holds, each with a Revoke button that asks first. */
export function GrantList({
  grants,
  revokeIntent,
  what,
  empty,
}: {
  grants: GrantRow[];
  revokeIntent: string;
  what: string;
  empty: string;
}) {
  if (grants.length === 0) return <p className="text-slate-650 text-sm italic">{empty}</p>;
  return (
    <ul className="divide-y divide-navy-100 rounded-md border border-navy-100">
      {grants.map((grant) => (
        <li key={grant.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-navy-900">{grant.name || grant.email}</p>
            <p className="break-all text-slate-650 text-sm">{grant.email}</p>
          </div>
          <p className="text-slate-650 text-sm">
            {grant.via ? (
              <span className="mr-1 rounded-full bg-navy-50 px-2 py-0.5 text-navy-800 text-xs">
                via {grant.via}
              </span>
            ) : null}
            {formatDate(grant.grantedAt)}
            {grant.grantedBy ? ` by ${grant.grantedBy}` : ""}
          </p>
          <ConfirmRevoke
            intent={revokeIntent}
            userId={grant.userId}
            who={grant.name || grant.email}
            what={what}
          />
        </li>
      ))}
    </ul>
  );
}

/** The spec's delete confirmation (Yes/No) before a grant is taken away. */
function ConfirmRevoke({
  intent,
  userId,
  who,
  what,
}: {
  intent: string;
  userId: number;
  who: string;
  what: string;
}) {
  return (
    <ConfirmAction
      trigger={
        <>
          Revoke<span className="sr-only"> {who}</span>
        </>
      }
      triggerClassName={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
      title="Revoke access?"
      message={`${who} will no longer ${what}.`}
      confirmText={CONFIRM_YES}
      cancelText={CONFIRM_NO}
      fields={{ intent, userId }}
      status={useNavigationStatus(intent)}
    />
  );
}

/** One field and a submit, checked by a domain schema here and in the action (Conform). */
export function OneFieldForm({
  intent,
  schema,
  name,
  label,
  kind,
  submit,
  lastResult,
  defaultValue,
}: {
  intent: string;
  schema: ObjectSchema;
  name: string;
  label: string;
  kind: "email" | "text";
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: string;
}) {
  const status = useNavigationStatus(intent);
  const [form, fields] = useSchemaForm(schema, {
    id: intent,
    lastResult,
    defaultValue: defaultValue ? { [name]: defaultValue } : undefined,
  });
  const field = fields[name];
  if (!field) throw new Error(`${intent}: the schema has no field ${name}`);
  return (
    <Form method="post" {...formProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value={intent} />
      <div className="min-w-0 flex-1">
        {kind === "email" ? (
          <EmailInputField field={field} label={label} required />
        ) : (
          <InputField field={field} label={label} required autoComplete="off" spellCheck={false} />
        )}
        <FormErrors errors={form.errors} className="mt-2" />
      </div>
      <SubmitButton status={status} className="sm:mt-6">
        {submit}
      </SubmitButton>
    </Form>
  );
}

import { buyerEmailSchema, CONFIRM_NO, CONFIRM_YES } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Section } from "../../components/staff/card";
import { Alert } from "../../components/ui/alert";
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

/** What the page's action answered: the intent, a notice or an error, and for forms Conform's result. */
export interface AccessAnswer {
  intent: string;
  result?: SubmissionResult<string[]>;
  notice?: string;
  error?: string;
}

/** Conform's result for the form of this intent, when the last post came from it. */
export const resultFor = (answer: AccessAnswer | undefined, intent: string) =>
  answer?.intent === intent ? answer.result : undefined;

/** The outcome of the last change made in one section, shown at the section's top. */
export function Outcome({ answer, intents }: { answer: AccessAnswer | undefined; intents: string[] }) {
  if (!answer || !intents.includes(answer.intent)) return null;
  if (answer.error) return <Alert tone="error">{answer.error}</Alert>;
  return answer.notice ? <Alert tone="success">{answer.notice}</Alert> : null;
}

/** The two kinds of buyer access: seeing a private deal, entering a deal's data room. */
const grantKinds = {
  private: {
    title: "Private deal access",
    intro: "Buyers who see this private deal in their Private VDR list and may open its page.",
    what: "see this private deal",
    empty: "No buyer has been granted this private deal.",
    grantLabel: "Grant a buyer by email",
  },
  "data-room": {
    title: "Data-room access",
    intro: "Buyers let into the data room: by the access code, by staff, or by an approved request.",
    what: "enter this deal's data room",
    empty: "No buyer has entered this data room yet.",
    grantLabel: "Let a buyer in by email",
  },
};

/**
 * One kind of buyer access: the outcome of the last change, the buyers let in, and, while granting is
 * open (a sold deal lets no new buyer in), the form that lets one more in by email.
 */
export function GrantsSection({
  kind,
  grants,
  answer,
  open = true,
}: {
  kind: keyof typeof grantKinds;
  grants: GrantRow[];
  answer: AccessAnswer | undefined;
  open?: boolean;
}) {
  const texts = grantKinds[kind];
  const [grantIntent, revokeIntent] = [`grant-${kind}`, `revoke-${kind}`];
  return (
    <Section id={`${kind}-access-title`} title={texts.title} intro={texts.intro}>
      <Outcome answer={answer} intents={[grantIntent, revokeIntent]} />
      <GrantList grants={grants} revokeIntent={revokeIntent} what={texts.what} empty={texts.empty} />
      {open ? (
        <OneFieldForm
          intent={grantIntent}
          schema={buyerEmailSchema}
          name="email"
          label={texts.grantLabel}
          kind="email"
          submit="Grant"
          lastResult={resultFor(answer, grantIntent)}
        />
      ) : null}
    </Section>
  );
}

/** The buyers a grant list holds, each with a Revoke button that asks first. */
function GrantList({
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

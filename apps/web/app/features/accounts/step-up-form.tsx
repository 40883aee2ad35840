import {
  STEP_UP_PASSWORD_REQUIRED,
  STEP_UP_REQUIRED,
  type StepUpNeed,
  stepUpCodeFormSchema,
  stepUpPasswordFormSchema,
} from "@aea/domain";
import { ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { Alert } from "../../components/ui/alert";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { InputField, PasswordInputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { PasskeyStepUpButton } from "./passkey-step-up-button";

/**
 * "Confirm it is you" before a sensitive step (View as, the user export, role changes, removing a
 * factor): the code of the authenticator app, or the password for an account without a second factor.
 * It posts the step's own fields again, so a right answer carries the step out at once.
 */
export function StepUpForm({
  need,
  status,
  action,
}: {
  need: StepUpNeed;
  status: SubmitStatus;
  /** Where it posts (default: the page's own action). */
  action?: string;
}) {
  return (
    <section
      aria-labelledby="step-up-title"
      className="rounded-card border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="step-up-title" className="flex items-center gap-2 font-semibold text-navy-900">
        <ShieldCheck aria-hidden size={18} className="text-amber-700" />
        Confirm it is you
      </h2>
      <p className="mt-1 mb-4 text-slate-700 text-sm">
        {need.kind === "code" ? STEP_UP_REQUIRED : STEP_UP_PASSWORD_REQUIRED}
      </p>
      {need.error ? (
        <Alert tone="error" className="mb-4">
          {need.error}
        </Alert>
      ) : null}
      {need.kind === "code" ? (
        <>
          <PasskeyStepUpButton fields={need.fields} action={action} />
          <CodeForm need={need} status={status} action={action} />
        </>
      ) : (
        <PasswordForm need={need} status={status} action={action} />
      )}
    </section>
  );
}

function Carried({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

type FormProps = { need: StepUpNeed; status: SubmitStatus; action?: string };

function CodeForm({ need, status, action }: FormProps) {
  const [form, fields] = useSchemaForm(stepUpCodeFormSchema, { id: "step-up" });
  return (
    <Form method="post" action={action} {...formProps(form)} className="flex flex-wrap items-end gap-3">
      <Carried fields={need.fields} />
      <InputField
        field={fields.stepUpCode}
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        className="min-w-48 flex-1"
        required
      />
      <SubmitButton status={status}>Confirm and continue</SubmitButton>
    </Form>
  );
}

function PasswordForm({ need, status, action }: FormProps) {
  const [form, fields] = useSchemaForm(stepUpPasswordFormSchema, { id: "step-up" });
  return (
    <Form method="post" action={action} {...formProps(form)} className="flex flex-wrap items-end gap-3">
      <Carried fields={need.fields} />
      <PasswordInputField
        field={fields.stepUpPassword}
        label="Password"
        autoComplete="current-password"
        className="min-w-48 flex-1"
        required
      />
      <SubmitButton status={status}>Confirm and continue</SubmitButton>
    </Form>
  );
}

import { type LoginSecondFactorInput, loginSecondFactorSchema, SECOND_FACTOR_REQUIRED } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { FormErrors, InputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { type LoginFailure, LoginFailureNotice } from "./login-failure-notice";

export interface SecondFactorFormProps {
  /** Where the form posts (the /login action), with and without JavaScript. */
  action: string;
  /** The pending login from step one: a hidden field, so the step works without JavaScript. */
  pendingLogin: string;
  /** The modal only: sends the code itself (the login API) instead of posting to `action`. */
  onCode?(values: LoginSecondFactorInput): void;
  status: SubmitStatus;
  lastResult?: SubmissionResult<string[]> | null;
  /** Why the last code was refused (the server's words); a new object for every refusal. */
  failure?: LoginFailure;
}

/**
 * Step two of a login for an account with a second factor: the code of its authenticator app, or one
 * of its recovery codes. The code field is emptied and focused after each refusal.
 */
export function SecondFactorForm({
  action,
  pendingLogin,
  onCode,
  status,
  lastResult,
  failure,
}: SecondFactorFormProps) {
  const [form, fields] = useSchemaForm(loginSecondFactorSchema, {
    id: "second-factor",
    lastResult,
    defaultValue: { pendingLogin },
    onSubmit: onCode
      ? (event, value) => {
          event.preventDefault();
          onCode(value);
        }
      : undefined,
  });
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!failure || !codeRef.current) return;
    codeRef.current.value = "";
    codeRef.current.focus();
  }, [failure]);

  return (
    <Form method="post" action={action} {...formProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="second-factor" />
      <input type="hidden" name="pendingLogin" value={pendingLogin} />
      <LoginFailureNotice failure={failure} otherwise={<FormErrors errors={form.errors} />} />
      <p className="text-slate-650 text-sm">{SECOND_FACTOR_REQUIRED}</p>
      <InputField
        ref={codeRef}
        field={fields.code}
        label="Authentication code"
        hint="Lost your phone? Enter one of your recovery codes instead."
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        reserveErrorSpace
      />
      <SubmitButton status={status} className="w-full py-2.5">
        Verify
      </SubmitButton>
    </Form>
  );
}

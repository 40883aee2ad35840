import {
  EMAIL_ALREADY_REGISTERED,
  EMAIL_CHECK_DELAY_MS,
  emailSchema,
  PASSWORD_SYMBOLS,
  signupSchema,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import {
  EmailInputField,
  FormErrors,
  firstError,
  InputField,
  PasswordInputField,
} from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { PasswordChecklist } from "./password-checklist";

/** Asks the server, 400 ms after typing stops, whether an email already has an account (spec §5). */
function useEmailTaken(email: string): boolean {
  const normalised = email.trim().toLowerCase();
  const [taken, setTaken] = useState<string | null>(null);
  useEffect(() => {
    if (!emailSchema.safeParse(normalised).success) return;
    const controller = new AbortController();
    const check = async () => {
      try {
        const response = await fetch(
          `/api/Auth/CheckEmailAvailability?email=${encodeURIComponent(normalised)}`,
          {
            signal: controller.signal,
            headers: { accept: "application/json" },
          },
        );
        if (response.status === 409) setTaken(normalised);
        else if (response.ok) setTaken((t) => (t === normalised ? null : t));
      } catch {
        // Aborted or offline: the server checks again on submit.
      }
    };
    const timer = setTimeout(() => void check(), EMAIL_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [normalised]);
  return taken !== null && taken === normalised;
}

/** The buyer registration form (spec §3 Forms, §5): posts to the page's action, checked first in the browser. */
export function SignupForm({
  lastResult,
  status,
  firmShortName,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  status: SubmitStatus;
  firmShortName: string;
}) {
  const [form, fields] = useSchemaForm(signupSchema, { lastResult });
  const [passwordFocused, setPasswordFocused] = useState(false);
  const emailTaken = useEmailTaken(fields.email.value ?? "");

  return (
    <Form method="post" {...formProps(form)} className="space-y-5">
      <FormErrors errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.firstName} label="First name" autoComplete="given-name" required />
        <InputField field={fields.lastName} label="Last name" autoComplete="family-name" required />
      </div>
      <EmailInputField
        field={fields.email}
        required
        hint="We send a link to this address to verify it."
        error={firstError(fields.email) ?? (emailTaken ? EMAIL_ALREADY_REGISTERED : undefined)}
      />
      <PasswordInputField
        field={fields.password}
        label="Password"
        autoComplete="new-password"
        required
        hint={`6 to 32 characters: letters, numbers and ${PASSWORD_SYMBOLS}, with at least one letter and one number.`}
        describedById={passwordFocused ? "signup-password-checks" : undefined}
        onFocus={() => setPasswordFocused(true)}
        onBlur={() => setPasswordFocused(false)}
      >
        {passwordFocused ? (
          <PasswordChecklist id="signup-password-checks" password={fields.password.value ?? ""} />
        ) : null}
      </PasswordInputField>
      <PasswordInputField
        field={fields.confirmPassword}
        label="Confirm password"
        autoComplete="new-password"
        required
      />
      <SubmitButton status={status} className="w-full py-2.5">
        Create account
      </SubmitButton>
      <p className="text-center text-slate-650 text-sm">
        Already registered with {firmShortName}?{" "}
        <Link
          to="/login?redirectTo=%2Fbuyer%2Fprofile"
          className="font-semibold text-navy-700 underline-offset-2 hover:text-navy-900 hover:underline"
        >
          Log in
        </Link>
      </p>
    </Form>
  );
}

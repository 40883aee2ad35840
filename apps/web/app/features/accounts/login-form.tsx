import { HERE_BY_MISTAKE, type LoginInput, loginSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { type MouseEvent, useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { CheckboxInputField, EmailInputField, FormErrors, PasswordInputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { type LoginFailure, LoginFailureNotice } from "./login-failure-notice";

export type { LoginFailure };

export interface LoginFormProps {
  /** Where the form posts: the /login action, with and without JavaScript. */
  action: string;
  /** The modal only: sends a valid login itself (the login API) instead of posting to `action`. */
  onLogin?(values: LoginInput): void;
  status: SubmitStatus;
  /** The action's answer to the last post (field messages). */
  lastResult?: SubmissionResult<string[]> | null;
  failure?: LoginFailure;
  defaultEmail?: string;
  /** The optional message at the top (e.g. why a login is needed). */
  message?: string;
  /** Shows the Here By Mistake link (to the home page). */
  escapeMessage?: boolean;
  firmShortName: string;
  /** Called when the visitor follows a link out of the form (the modal closes). */
  onLeave?(): void;
}

const forgotHref = (email: string) =>
  `/forgot-password${email.trim() ? `?email=${encodeURIComponent(email.trim())}` : ""}`;

/**
 * Email, password (with show/hide), Remember me, the forgot-password and create-account links (spec §2, §5).
 * Messages appear once a field is left; a submit with empty fields shows both.
 */
export function LoginForm({
  action,
  onLogin,
  status,
  lastResult,
  failure,
  defaultEmail = "",
  message,
  escapeMessage,
  firmShortName,
  onLeave,
}: LoginFormProps) {
  const navigate = useNavigate();
  const [form, fields] = useSchemaForm(loginSchema, {
    lastResult,
    defaultValue: { email: defaultEmail },
    onSubmit: onLogin
      ? (event, value) => {
          event.preventDefault();
          onLogin(value);
        }
      : undefined,
  });
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!failure?.clearPassword || !passwordRef.current) return;
    passwordRef.current.value = "";
    passwordRef.current.focus();
  }, [failure]);

  // The typed email goes along to the forgot-password panel, also when it was typed before hydration.
  const toForgotPassword = (event: MouseEvent<HTMLAnchorElement>) => {
    onLeave?.();
    const input = document.getElementById(form.id)?.querySelector<HTMLInputElement>('input[name="email"]');
    if (!input) return;
    event.preventDefault();
    void navigate(forgotHref(input.value));
  };

  return (
    <Form method="post" action={action} {...formProps(form)} className="space-y-4">
      {message ? <Alert tone="info">{message}</Alert> : null}
      <LoginFailureNotice failure={failure} otherwise={<FormErrors errors={form.errors} />} />
      <EmailInputField field={fields.email} autoComplete="username" required reserveErrorSpace />
      <PasswordInputField
        ref={passwordRef}
        field={fields.password}
        label="Password"
        autoComplete="current-password"
        required
        reserveErrorSpace
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <CheckboxInputField field={fields.rememberMe} label="Remember me" />
        <Link
          to={forgotHref(defaultEmail)}
          onClick={toForgotPassword}
          className="font-medium text-navy-700 text-sm underline-offset-2 hover:text-navy-900 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <SubmitButton status={status} className="w-full py-2.5">
        Log in
      </SubmitButton>
      <p className="border-navy-100 border-t pt-4 text-center text-slate-650 text-sm">
        New to {firmShortName}?{" "}
        <Link
          to="/buyer/signup"
          onClick={onLeave}
          className="font-semibold text-navy-700 underline-offset-2 hover:text-navy-900 hover:underline"
        >
          Create an account
        </Link>
      </p>
      {escapeMessage ? (
        <p className="text-center text-sm">
          <Link
            to="/home"
            onClick={onLeave}
            className="text-slate-650 underline underline-offset-2 hover:text-navy-900"
          >
            {HERE_BY_MISTAKE}
          </Link>
        </p>
      ) : null}
    </Form>
  );
}

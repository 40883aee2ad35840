import { changePasswordSchema, type RouteHandle, SERVER_ERROR } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LockKeyhole } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { FormCard, FormPage } from "../components/ui/form-card";
import { SubmitButton } from "../components/ui/submit-button";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { FormErrors, PasswordInputField } from "../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../lib/forms/use-schema-form";
import { withNotice } from "../lib/notices";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/reset-password";

const INVALID_LINK = "This password reset link is invalid or has expired.";

type ResetActionData = { status: "refused"; result: SubmissionResult<string[]> } | { status: "expired" };

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { hasToken: token.length >= 10 };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  // Passwords never travel back to the page.
  const refused = (reply: { formErrors?: string[] }, status: number) =>
    data(
      {
        status: "refused",
        result: submission.reply({ ...reply, hideFields: ["password", "confirmPassword"] }),
      } satisfies ResetActionData,
      { status },
    );
  if (submission.status !== "success") return refused({}, 400);
  try {
    if (!token || !(await core.passwords.resetPassword(token, submission.value.password))) {
      return data({ status: "expired" } satisfies ResetActionData, { status: 400 });
    }
  } catch (error) {
    console.error(error);
    return refused({ formErrors: [SERVER_ERROR] }, 500);
  }
  // Every session of the account ended with the reset, this browser's included.
  return redirect(withNotice("/home", "password-reset"), {
    headers: { "set-cookie": core.sessionCookies.clearedSessionCookieHeader() },
  });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Reset Password") },
  { name: "robots", content: "noindex" },
  // Also keeps the token in the address out of any Referer header.
  FORM_PAGE_REFERRER,
];

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ResetActionData | undefined;
  const expired = !loaderData.hasToken || result?.status === "expired";
  return (
    <FormPage>
      <FormCard
        titleId="reset-title"
        icon={<LockKeyhole aria-hidden size={22} />}
        title="Choose a new password"
      >
        {expired ? (
          <div className="space-y-5">
            <Alert tone="error">{INVALID_LINK}</Alert>
            <p className="text-slate-650">
              Reset links work once and expire after 60 minutes. Ask for a new one.
            </p>
            <Link to="/forgot-password" className={`${buttonStyles.primary} w-full`}>
              Request a new link
            </Link>
          </div>
        ) : (
          <ResetForm lastResult={result?.status === "refused" ? result.result : null} />
        )}
      </FormCard>
    </FormPage>
  );
}

function ResetForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm(changePasswordSchema, { lastResult });
  return (
    <Form method="post" {...formProps(form)} className="space-y-4">
      <p className="text-slate-650">Your new password needs at least 6 characters, including a number.</p>
      <FormErrors errors={form.errors} />
      <PasswordInputField field={fields.password} label="New password" autoComplete="new-password" required />
      <PasswordInputField
        field={fields.confirmPassword}
        label="Confirm new password"
        autoComplete="new-password"
        required
      />
      <SubmitButton status={useNavigationStatus()} className="w-full py-2.5">
        Reset password
      </SubmitButton>
    </Form>
  );
}

import { changePasswordSchema, type RouteHandle, SERVER_ERROR } from "@aea/domain";
import { LoaderCircle, LockKeyhole } from "lucide-react";
import { type FormEvent, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { PasswordField } from "../components/ui/password-field";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { allTouched, type FieldErrors, fieldErrorsOf, textFields } from "../lib/form-fields";
import { withNotice } from "../lib/notices";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/reset-password";

const FIELDS = ["password", "confirmPassword"] as const;
const INVALID_LINK = "This password reset link is invalid or has expired.";

type ResetActionData =
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "expired" }
  | { status: "error" };

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { hasToken: token.length >= 10 };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const input = textFields(await request.formData(), FIELDS);
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) {
    return data(
      {
        status: "invalid",
        fieldErrors: fieldErrorsOf(changePasswordSchema, input),
      } satisfies ResetActionData,
      { status: 400 },
    );
  }
  try {
    if (!token || !(await core.accounts.resetPassword(token, parsed.data.password))) {
      return data({ status: "expired" } satisfies ResetActionData, { status: 400 });
    }
  } catch (error) {
    console.error(error);
    return data({ status: "error" } satisfies ResetActionData, { status: 500 });
  }
  // Every session of the account ended with the reset, this browser's included.
  return redirect(withNotice("/home", "password-reset"), {
    headers: { "set-cookie": core.accounts.clearedSessionCookieHeader() },
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
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50),white_70%)] px-4 py-10 sm:py-16">
      <section
        aria-labelledby="reset-title"
        className="mx-auto w-full max-w-md rounded-card border border-navy-100 bg-white shadow-card"
      >
        <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-6 xs:px-8">
          <span className="flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <LockKeyhole aria-hidden size={22} />
          </span>
          <h1 id="reset-title" className="mt-4 font-bold text-2xl text-navy-900">
            Choose a new password
          </h1>
        </div>
        <div className="px-5 pt-4 pb-6 xs:px-8">
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
            <ResetForm
              serverErrors={result?.status === "invalid" ? result.fieldErrors : undefined}
              failed={result?.status === "error"}
            />
          )}
        </div>
      </section>
    </div>
  );
}

function ResetForm({ serverErrors, failed }: { serverErrors?: FieldErrors; failed: boolean }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [values, setValues] = useState({ password: "", confirmPassword: "" });
  const [touched, setTouched] = useState<Partial<Record<(typeof FIELDS)[number], boolean>>>({});
  const errors = fieldErrorsOf(changePasswordSchema, values);

  const submit = (event: FormEvent) => {
    if (FIELDS.some((f) => errors[f])) {
      event.preventDefault();
      setTouched(allTouched(FIELDS));
    }
  };
  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    required: true,
    autoComplete: "new-password",
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: touched[name] ? errors[name] : serverErrors?.[name],
  });

  return (
    <Form method="post" noValidate onSubmit={submit} className="space-y-4">
      <p className="text-slate-650">Your new password needs at least 6 characters, including a number.</p>
      {failed ? <Alert tone="error">{SERVER_ERROR}</Alert> : null}
      <PasswordField label="New password" {...field("password")} />
      <PasswordField label="Confirm new password" {...field("confirmPassword")} />
      <button
        type="submit"
        disabled={saving}
        aria-busy={saving || undefined}
        className={`${buttonStyles.primary} w-full py-2.5`}
      >
        {saving ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
        Reset password
      </button>
    </Form>
  );
}

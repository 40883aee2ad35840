import {
  EMAIL_VERIFICATION_REQUIRED,
  EMAIL_VERIFICATION_REQUIRED_TITLE,
  emailNotAssociated,
  emailSchema,
  INCORRECT_PASSWORD,
  loginSchema,
  type RouteHandle,
  SERVER_ERROR,
  VERIFICATION_EMAIL_SENT_TITLE,
  verificationEmailSent,
} from "@aea/domain";
import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { data, redirect, useNavigate } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { useLoginDialog } from "../features/accounts/login-dialog";
import { LoginForm } from "../features/accounts/login-form";
import { loginMessageFor, safeRedirectPath } from "../features/accounts/safe-redirect";
import { type FieldErrors, fieldErrorsOf, textFields } from "../lib/form-fields";
import { pageTitle, useSite } from "../lib/site";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/login";

type LoginActionData =
  | { status: "invalid"; email: string; fieldErrors: FieldErrors }
  | { status: "failed"; email: string; message: string }
  | { status: "not-verified"; email: string }
  | { status: "verification-sent"; email: string };

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("redirectTo");
  const redirectTo = safeRedirectPath(requested);
  // Spec §2: a visitor who is already logged in goes straight on.
  if (context.get(appContext).user) throw redirect(redirectTo);
  return {
    redirectTo,
    message: loginMessageFor(requested),
    email: url.searchParams.get("email") ?? "",
  };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { rateLimit: "account", header: false } satisfies RouteHandle;

/**
 * The login without JavaScript (the modal posts to /api/Auth/Login instead): success sets the session
 * cookie and goes to redirectTo; failures render the page again with the message.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const form = await request.formData();
  const fields = textFields(form, ["email", "password", "intent"] as const);

  if (fields.intent === "resend-verification") {
    const email = emailSchema.safeParse(fields.email);
    if (email.success) {
      // Spec §8: a failed resend is only logged.
      await core.accounts.resendVerification(email.data).catch((error: unknown) => console.error(error));
    }
    return { status: "verification-sent", email: fields.email } satisfies LoginActionData;
  }

  const input = {
    email: fields.email,
    password: fields.password,
    rememberMe: form.get("rememberMe") === "on",
  };
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    return data(
      {
        status: "invalid",
        email: fields.email,
        fieldErrors: fieldErrorsOf(loginSchema, input),
      } satisfies LoginActionData,
      { status: 400 },
    );
  }
  const { email, password, rememberMe } = parsed.data;
  try {
    const result = await core.accounts.login(email, password, rememberMe);
    switch (result.status) {
      case "ok":
        return redirect(redirectTo, {
          headers: { "set-cookie": core.accounts.sessionCookieHeader(result.token, result.remember) },
        });
      case "not-verified":
        return { status: "not-verified", email } satisfies LoginActionData;
      case "incorrect-password":
        return data({ status: "failed", email, message: INCORRECT_PASSWORD } satisfies LoginActionData, {
          status: 401,
        });
      case "unknown-email":
        return data(
          {
            status: "failed",
            email,
            message: emailNotAssociated(core.config.firmShortName),
          } satisfies LoginActionData,
          { status: 401 },
        );
      case "locked":
        return data(
          {
            status: "failed",
            email,
            message: "Too many failed logins. This account is locked for 10 minutes.",
          } satisfies LoginActionData,
          { status: 429 },
        );
    }
  } catch (error) {
    console.error(error);
    return data({ status: "failed", email, message: SERVER_ERROR } satisfies LoginActionData, {
      status: 500,
    });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Log in") },
  { name: "robots", content: "noindex" },
  FORM_PAGE_REFERRER,
];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, message, email } = loaderData;
  const { firmShortName } = useSite();
  const hydrated = useHydrated();
  const loginDialog = useLoginDialog();
  const navigate = useNavigate();
  const result = actionData as LoginActionData | undefined;
  const prefill = result?.email ?? email;
  const modal = hydrated && loginDialog !== null;

  // Spec §2: with JavaScript the page opens the login modal, without a close button and with the escape link.
  useEffect(() => {
    if (!modal || !loginDialog) return;
    loginDialog.open({
      hideClose: true,
      escapeMessage: true,
      message,
      email: prefill,
      onLogin: () => void navigate(redirectTo, { replace: true }),
    });
    return () => loginDialog.close();
  }, [modal, loginDialog, message, prefill, redirectTo, navigate]);

  return (
    <section
      aria-labelledby="login-title"
      className="bg-[linear-gradient(180deg,var(--color-navy-50),white_60%)] px-4 py-10 sm:py-16"
    >
      <div className="mx-auto w-full max-w-[425px]">
        <div className="rounded-card border border-navy-100 bg-white shadow-card">
          <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-6 pb-2 xs:px-7">
            <h1 id="login-title" className="font-bold text-2xl text-navy-900">
              Log in
            </h1>
            <p className="mt-1 text-slate-650 text-sm">Log in to your {firmShortName} buyer account.</p>
          </div>
          <div className="px-5 pt-4 pb-6 xs:px-7 xs:pb-7">
            {modal ? (
              <button
                type="button"
                className={`${buttonStyles.primary} w-full`}
                onClick={() =>
                  loginDialog?.open({
                    hideClose: true,
                    escapeMessage: true,
                    message,
                    email: prefill,
                    onLogin: () => void navigate(redirectTo, { replace: true }),
                  })
                }
              >
                <LogIn aria-hidden size={18} />
                Log in
              </button>
            ) : result?.status === "not-verified" ? (
              <NotVerified email={result.email} />
            ) : (
              <>
                {result?.status === "verification-sent" ? (
                  <Alert tone="success" className="mb-4">
                    <p className="font-semibold">{VERIFICATION_EMAIL_SENT_TITLE}</p>
                    <p className="mt-1 font-normal">{verificationEmailSent(result.email)}</p>
                  </Alert>
                ) : null}
                <LoginForm
                  action={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
                  defaultEmail={prefill}
                  message={message}
                  escapeMessage
                  firmShortName={firmShortName}
                  serverError={result?.status === "failed" ? result.message : undefined}
                  serverFieldErrors={result?.status === "invalid" ? result.fieldErrors : undefined}
                />
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Without JavaScript, the resend-verification dialog becomes this panel with a form. */
function NotVerified({ email }: { email: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="info">
        <p className="font-semibold">{EMAIL_VERIFICATION_REQUIRED_TITLE}</p>
        <p className="mt-1 font-normal">{EMAIL_VERIFICATION_REQUIRED}</p>
      </Alert>
      <form method="post" className="flex flex-col gap-3 xs:flex-row-reverse">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className={buttonStyles.primary}>
          Resend verification email
        </button>
        <a href="/login" className={buttonStyles.secondary}>
          Cancel
        </a>
      </form>
    </div>
  );
}

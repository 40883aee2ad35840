import {
  EMAIL_CHANGE_TAKEN,
  EMAIL_CHANGED,
  emailSchema,
  type RouteHandle,
  verificationEmailSent,
} from "@aea/domain";
import { CircleCheck, CircleX, LoaderCircle, LogIn } from "lucide-react";
import { type FormEvent, type MouseEvent, useState } from "react";
import { data, Form, Link, type ShouldRevalidateFunction, useNavigate, useNavigation } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { TextField } from "../components/ui/text-field";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { useLoginDialog } from "../features/accounts/login-dialog";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/verify-user";

type ResendActionData =
  | { status: "sent"; email: string }
  | { status: "invalid"; email: string; error: string };

type LinkOutcome =
  | { outcome: "verified" | "email-taken" | "invalid" }
  | { outcome: "email-changed"; email: string };

/**
 * Follows a mailed link: a sign-up's verification, or an email change's confirmation (the link went
 * to the new address). The token is consumed here, once.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<LinkOutcome> {
  const { core } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token.length < 10 || token.length > 200) return { outcome: "invalid" };
  if (await core.accounts.verifyUser(token)) return { outcome: "verified" };
  const change = await core.accounts.confirmEmailChange(token);
  return change.status === "changed"
    ? { outcome: "email-changed", email: change.email }
    : { outcome: change.status };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { rateLimit: "account" } satisfies RouteHandle;

/** A new verification link for an address whose link failed. */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const raw = (await request.formData()).get("email");
  const email = typeof raw === "string" ? raw : "";
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) {
    return data(
      { status: "invalid", email, error: parsed.error.issues[0]?.message ?? "" } satisfies ResendActionData,
      { status: 400 },
    );
  }
  // The answer is the same whether or not the address has an unverified account.
  await core.accounts.resendVerification(parsed.data).catch((error: unknown) => console.error(error));
  return { status: "sent", email: parsed.data } satisfies ResendActionData;
}

// The token works once: loading this page again (after a login or a resend) must not ask a second time.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Verify Email") },
  { name: "robots", content: "noindex" },
  // Also keeps the token in the address out of any Referer header.
  FORM_PAGE_REFERRER,
];

export default function VerifyUserPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50),white_70%)] px-4 py-10 sm:py-16">
      <section
        aria-labelledby="verify-title"
        className="mx-auto w-full max-w-md rounded-card border border-navy-100 bg-white px-5 py-7 shadow-card xs:px-8"
      >
        {loaderData.outcome === "verified" ? (
          <Verified />
        ) : loaderData.outcome === "email-changed" ? (
          <EmailChanged email={loaderData.email} />
        ) : loaderData.outcome === "email-taken" ? (
          <EmailTaken />
        ) : (
          <NotVerified result={actionData as ResendActionData | undefined} />
        )}
      </section>
    </div>
  );
}

function Verified() {
  const loginDialog = useLoginDialog();
  const navigate = useNavigate();
  const openLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!loginDialog) return;
    event.preventDefault();
    loginDialog.open({ onLogin: () => void navigate("/deals/public") });
  };
  return (
    <div className="text-center">
      <OutcomeHeading success={true} title="Your email is verified" />
      <p className="mt-2 text-slate-650">Thank you. You can log in now and see our current assignments.</p>
      <Link
        to="/login?redirectTo=%2Fdeals%2Fpublic"
        onClick={openLogin}
        className={`${buttonStyles.primary} mt-6 w-full py-2.5`}
      >
        <LogIn aria-hidden size={18} />
        Log in
      </Link>
    </div>
  );
}

function EmailChanged({ email }: { email: string }) {
  return (
    <div className="text-center">
      <OutcomeHeading success={true} title="Your email is changed" />
      <p className="mt-2 text-slate-650">{EMAIL_CHANGED}</p>
      <p className="mt-2 break-all font-semibold text-navy-900">{email}</p>
      <Link to="/deals/public" className={`${buttonStyles.primary} mt-6 w-full py-2.5`}>
        See our current assignments
      </Link>
    </div>
  );
}

function EmailTaken() {
  return (
    <div>
      <OutcomeHeading success={false} title="Your email was not changed" />
      <p className="mt-2 text-slate-650">{EMAIL_CHANGE_TAKEN}</p>
      <p className="mt-5 text-center text-sm">
        <Link to="/buyer/profile" className="font-semibold text-navy-700 underline-offset-2 hover:underline">
          Go to your profile
        </Link>
      </p>
    </div>
  );
}

function NotVerified({ result }: { result?: ResendActionData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [email, setEmail] = useState(result?.email ?? "");
  const [touched, setTouched] = useState(false);
  const check = emailSchema.safeParse(email);
  const clientError = check.success ? undefined : check.error.issues[0]?.message;
  const error = touched ? clientError : result?.status === "invalid" ? result.error : undefined;

  const submit = (event: FormEvent) => {
    if (clientError) {
      event.preventDefault();
      setTouched(true);
    }
  };

  return (
    <div>
      <OutcomeHeading success={false} title="This verification link is invalid or has expired" />
      <p className="mt-2 text-slate-650">
        Verification links work once and expire after 48 hours. If your email is already verified, just log
        in. Otherwise enter your email and we will send a new link.
      </p>
      {result?.status === "sent" ? (
        <Alert tone="success" className="mt-5">
          {verificationEmailSent(result.email)}
        </Alert>
      ) : (
        <Form method="post" noValidate onSubmit={submit} className="mt-5 space-y-4">
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            error={error}
          />
          <button
            type="submit"
            disabled={sending}
            aria-busy={sending || undefined}
            className={`${buttonStyles.primary} w-full py-2.5`}
          >
            {sending ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
            Resend verification email
          </button>
        </Form>
      )}
      <p className="mt-5 text-center text-sm">
        <Link to="/login" className="font-semibold text-navy-700 underline-offset-2 hover:underline">
          Go to log in
        </Link>
      </p>
    </div>
  );
}

/** The icon and heading that say at once whether the link worked. */
function OutcomeHeading({ success, title }: { success: boolean; title: string }) {
  const Icon = success ? CircleCheck : CircleX;
  const tone = success ? "mx-auto bg-positive/10 text-positive" : "bg-negative/10 text-negative";
  return (
    <>
      <span className={`flex size-14 items-center justify-center rounded-full ${tone}`}>
        <Icon aria-hidden size={30} />
      </span>
      <h1 id="verify-title" className="mt-4 font-bold text-2xl text-navy-900">
        {title}
      </h1>
    </>
  );
}

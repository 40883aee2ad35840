import type { Core } from "@aea/core/types";
import {
  EMAIL_CHANGE_TAKEN,
  EMAIL_CHANGED,
  emailFormSchema,
  MAILED_LINK_TEXTS,
  mailedLinkSchema,
  type RouteHandle,
  verificationEmailSent,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, CircleX, LogIn, MailCheck } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { data, Form, Link, type ShouldRevalidateFunction, useNavigate } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { FormPage } from "../components/ui/form-card";
import { SubmitButton } from "../components/ui/submit-button";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { useLoginDialog } from "../features/accounts/login-dialog";
import { EmailInputField } from "../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../lib/forms/use-schema-form";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/verify-user";

type ActionData =
  | { status: "sent"; email: string }
  | { status: "refused"; result: SubmissionResult<string[]> }
  | { status: "followed"; link: LinkOutcome };

type LinkOutcome =
  /** `email`: the address just verified, offered in the login that follows. */
  | { outcome: "verified"; email: string }
  | { outcome: "email-taken" | "invalid" }
  | { outcome: "email-changed"; email: string };

/** What the page asks before anything happens: the link's purpose, read without using it. */
type LinkQuestion =
  | { outcome: "confirm-verification"; token: string }
  | { outcome: "confirm-email-change"; token: string; email: string }
  | { outcome: "invalid" };

/**
 * Opens a mailed link: a sign-up's verification, or an email change's confirmation (the link went to
 * the new address). Opening it only reads the token: mail scanners follow every link in a message,
 * so the page asks, and the visitor's POST (the action) uses the token, once.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<LinkQuestion> {
  const { core } = context.get(appContext);
  const parsed = mailedLinkSchema.safeParse({ token: new URL(request.url).searchParams.get("token") });
  if (!parsed.success) return { outcome: "invalid" };
  const { token } = parsed.data;
  const link = await core.signUp.mailedLink(token);
  if (link.purpose === "verify") return { outcome: "confirm-verification", token };
  if (link.purpose === "email-change")
    return { outcome: "confirm-email-change", token, email: link.newEmail };
  return { outcome: "invalid" };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { access: "anyone", rateLimit: "account" } satisfies RouteHandle;

/**
 * `intent=confirm`: the visitor confirms the link (same-origin, like every page post); otherwise a
 * new verification link for an address whose link failed.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const form = await request.formData();
  if (form.get("intent") === "confirm") {
    const parsed = mailedLinkSchema.safeParse({ token: form.get("token") });
    const link = parsed.success ? await followLink(core, parsed.data.token) : { outcome: "invalid" as const };
    return { status: "followed", link } satisfies ActionData;
  }
  const submission = parseWithZod(form, { schema: emailFormSchema });
  if (submission.status !== "success") {
    return data({ status: "refused", result: submission.reply() } satisfies ActionData, {
      status: 400,
    });
  }
  // The answer is the same whether or not the address has an unverified account.
  await core.signUp
    .resendVerification(submission.value.email)
    .catch((error: unknown) => console.error(error));
  return { status: "sent", email: submission.value.email } satisfies ActionData;
}

/** Uses a confirmed link: a sign-up's verification first, else an email change. */
async function followLink(core: Core, token: string): Promise<LinkOutcome> {
  const link = await core.signUp.mailedLink(token);
  if (link.purpose === "verify" && (await core.signUp.verifyUser(token)))
    return { outcome: "verified", email: link.email };
  const change = await core.emailChange.confirmEmailChange(token);
  return change.status === "changed"
    ? { outcome: "email-changed", email: change.email }
    : { outcome: change.status };
}

// The token works once: loading this page again (after a confirm or a resend) must not ask a second time.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Verify Email") },
  { name: "robots", content: "noindex" },
  // Also keeps the token in the address out of any Referer header.
  FORM_PAGE_REFERRER,
];

export default function VerifyUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  // After the confirm, the link's outcome; before it, the question the link asks.
  const shown = result?.status === "followed" ? result.link : loaderData;
  return (
    <FormPage>
      <section
        aria-labelledby="verify-title"
        className="mx-auto w-full max-w-md rounded-card border border-navy-100 bg-white px-5 py-7 shadow-card xs:px-8"
      >
        {shown.outcome === "confirm-verification" ? (
          <ConfirmLink
            token={shown.token}
            title={MAILED_LINK_TEXTS.verifyTitle}
            button={MAILED_LINK_TEXTS.verifyButton}
          >
            <p className="mt-2 text-slate-650">{MAILED_LINK_TEXTS.verifyPrompt}</p>
          </ConfirmLink>
        ) : shown.outcome === "confirm-email-change" ? (
          <ConfirmLink
            token={shown.token}
            title={MAILED_LINK_TEXTS.changeTitle}
            button={MAILED_LINK_TEXTS.changeButton}
          >
            <p className="mt-2 text-slate-650">{MAILED_LINK_TEXTS.changePrompt}</p>
            <p className="mt-2 break-all font-semibold text-navy-900">{shown.email}</p>
          </ConfirmLink>
        ) : shown.outcome === "verified" ? (
          <Verified email={shown.email} />
        ) : shown.outcome === "email-changed" ? (
          <EmailChanged email={shown.email} />
        ) : shown.outcome === "email-taken" ? (
          <EmailTaken />
        ) : (
          <NotVerified result={result?.status === "followed" ? undefined : result} />
        )}
      </section>
    </FormPage>
  );
}

/** The question a live link asks: one button that posts it back (a plain form, before JavaScript too). */
function ConfirmLink({
  token,
  title,
  button,
  children,
}: {
  token: string;
  title: string;
  button: string;
  children: ReactNode;
}) {
  const status = useNavigationStatus();
  return (
    <div className="text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-navy-50 text-navy-700">
        <MailCheck aria-hidden size={30} />
      </span>
      <h1 id="verify-title" className="mt-4 font-bold text-2xl text-navy-900">
        {title}
      </h1>
      {children}
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="token" value={token} />
        <SubmitButton status={status} className="w-full py-2.5">
          {button}
        </SubmitButton>
      </Form>
    </div>
  );
}

/** The address is proved: the login that follows has it filled in (on /login too, without JavaScript). */
function Verified({ email }: { email: string }) {
  const loginDialog = useLoginDialog();
  const navigate = useNavigate();
  const openLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!loginDialog) return;
    event.preventDefault();
    loginDialog.open({ email, onLogin: () => void navigate("/deals/public") });
  };
  return (
    <div className="text-center">
      <OutcomeHeading success={true} title="Your email is verified" />
      <p className="mt-2 text-slate-650">Thank you. You can log in now and see our current assignments.</p>
      <Link
        to={`/login?redirectTo=%2Fdeals%2Fpublic&email=${encodeURIComponent(email)}`}
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

function NotVerified({ result }: { result?: Exclude<ActionData, { status: "followed" }> }) {
  const [form, fields] = useSchemaForm(emailFormSchema, {
    lastResult: result?.status === "refused" ? result.result : null,
  });
  const status = useNavigationStatus();
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
        <Form method="post" {...formProps(form)} className="mt-5 space-y-4">
          <EmailInputField field={fields.email} required />
          <SubmitButton status={status} className="w-full py-2.5">
            Resend verification email
          </SubmitButton>
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

import {
  dataRoomLoginMessage,
  EMAIL_VERIFICATION_REQUIRED,
  EMAIL_VERIFICATION_REQUIRED_TITLE,
  emailSchema,
  loginRefusal,
  loginSchema,
  loginSecondFactorSchema,
  mayViewListing,
  type RouteHandle,
  refusalAnsweredInForm,
  SERVER_ERROR,
  secondFactorRefusal,
  VERIFICATION_EMAIL_SENT_TITLE,
  verificationEmailSent,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { type AppContext, appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { SubmitButton } from "../components/ui/submit-button";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { type LoginFailure, LoginForm } from "../features/accounts/login-form";
import { loginPanelClass, loginPanelWidth } from "../features/accounts/login-panel";
import { PasskeyLoginButton } from "../features/accounts/passkey-login-button";
import {
  dataRoomListingId,
  loginHref,
  loginMessageFor,
  safeRedirectPath,
} from "../features/accounts/safe-redirect";
import { SecondFactorForm } from "../features/accounts/second-factor-form";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/login";

type LoginActionData =
  | { status: "invalid"; result: SubmissionResult<string[]> }
  | { status: "failed"; result: SubmissionResult<string[]>; failure: LoginFailure }
  | { status: "not-verified"; email: string }
  /** Step two: the password was right, the account's second factor is asked for. */
  | {
      status: "second-factor";
      pendingLogin: string;
      /** The account's passkeys: with one, a browser offering WebAuthn shows "Use a passkey". */
      passkeys: number;
      result?: SubmissionResult<string[]>;
      failure?: LoginFailure;
    }
  | { status: "verification-sent"; email: string };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const url = new URL(request.url);
  const requested = url.searchParams.get("redirectTo");
  const redirectTo = safeRedirectPath(requested);
  // Spec §2: a visitor who is already logged in goes straight on.
  if (user) throw redirect(redirectTo);
  return {
    redirectTo,
    message: (await dataRoomMessage(core, redirectTo)) ?? loginMessageFor(requested),
    email: url.searchParams.get("email") ?? "",
  };
}

/**
 * On the way into a deal's data room (the data-room box's link without JavaScript), the message the
 * modal shows there, naming the deal. The name comes from the listing, never from the URL's text, and
 * only for a deal an anonymous visitor may see (a private deal's name stays private).
 */
async function dataRoomMessage(core: AppContext["core"], redirectTo: string): Promise<string | undefined> {
  const listingId = dataRoomListingId(redirectTo);
  if (listingId === undefined) return undefined;
  const listing = await core.listings.findById(listingId);
  if (!listing?.hasVDR || !mayViewListing(listing, null)) return undefined;
  return dataRoomLoginMessage(listing.Header);
}

// Its form posts count in the one login bucket with the API's login calls (the server reads this).
export const handle = { access: "anyone", rateLimit: "login", header: false } satisfies RouteHandle;

/**
 * The login form's one action, posted with or without JavaScript (the modal elsewhere on the site
 * uses the login API, whose refusals read the same): success sets the session cookie and goes to
 * redirectTo; a refusal comes back to the form with the message.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const form = await request.formData();

  if (form.get("intent") === "resend-verification") {
    const email = emailSchema.safeParse(form.get("email"));
    if (email.success) {
      // Spec §8: a failed resend is only logged.
      await core.signUp.resendVerification(email.data).catch((error: unknown) => console.error(error));
    }
    return { status: "verification-sent", email: String(form.get("email") ?? "") } satisfies LoginActionData;
  }

  const browser = {
    browserToken: core.sessionCookies.browserTokenFrom(request.headers.get("cookie")),
    ipAddress: context.get(appContext).ipAddress,
  };
  const signedIn = (login: { token: string; remember: boolean; browserToken: string }) => {
    const headers = new Headers();
    headers.append("set-cookie", core.sessionCookies.sessionCookieHeader(login.token, login.remember));
    headers.append("set-cookie", core.sessionCookies.browserCookieHeader(login.browserToken));
    return redirect(redirectTo, { headers });
  };

  if (form.get("intent") === "second-factor") {
    const step = parseWithZod(form, { schema: loginSecondFactorSchema });
    const pendingLogin = String(form.get("pendingLogin") ?? "");
    const passkeys = await core.passkeys.countForPendingLogin(pendingLogin);
    if (step.status !== "success") {
      return data(
        { status: "second-factor", pendingLogin, passkeys, result: step.reply() } satisfies LoginActionData,
        { status: 400 },
      );
    }
    const result = await core.secondFactor.completeLogin(step.value.pendingLogin, step.value.code, browser);
    if (result.status === "ok") return signedIn(result);
    const refusal = secondFactorRefusal(result.status);
    // A lock or an expired login ends step two: the visitor starts again from the password.
    if (result.status === "locked" || result.status === "login-expired") {
      return data(
        {
          status: "failed",
          result: step.reply({ hideFields: ["code", "pendingLogin"] }),
          failure: { message: refusal.message, dialog: true },
        } satisfies LoginActionData,
        { status: refusal.httpStatus },
      );
    }
    return data(
      {
        status: "second-factor",
        pendingLogin,
        passkeys,
        result: step.reply({ hideFields: ["code"] }),
        failure: { message: refusal.message },
      } satisfies LoginActionData,
      { status: refusal.httpStatus },
    );
  }

  // The password never travels back to the page.
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(
      { status: "invalid", result: submission.reply({ hideFields: ["password"] }) } satisfies LoginActionData,
      { status: 400 },
    );
  }
  const { email, password, rememberMe } = submission.value;
  const refused = (failure: LoginFailure, status: number) =>
    data(
      {
        status: "failed",
        result: submission.reply({ hideFields: ["password"] }),
        failure,
      } satisfies LoginActionData,
      { status },
    );
  try {
    const result = await core.logins.login(email, password, rememberMe, browser);
    if (result.status === "ok") return signedIn(result);
    if (result.status === "second-factor-required")
      return {
        status: "second-factor",
        pendingLogin: result.pendingLogin,
        passkeys: result.factors.passkeys,
      } satisfies LoginActionData;
    if (result.status === "not-verified") return { status: "not-verified", email } satisfies LoginActionData;
    const refusal = loginRefusal(result.status, core.config.firmShortName);
    return refused(
      {
        message: refusal.message,
        clearPassword: refusal.clearPassword,
        dialog: !refusalAnsweredInForm(refusal.code),
      },
      refusal.httpStatus,
    );
  } catch (error) {
    console.error(error);
    return refused({ message: SERVER_ERROR, dialog: true }, 500);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Log in") },
  { name: "robots", content: "noindex" },
  FORM_PAGE_REFERRER,
];

/**
 * The login page: the login modal's panel (spec §2), without a Close button, with the Here By Mistake
 * link. It is the same form before and after the page hydrates, so nothing typed meanwhile is lost.
 */
export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, message, email } = loaderData;
  const { firmShortName } = useSite();
  const status = useNavigationStatus();
  const result = actionData as LoginActionData | undefined;
  const action = loginHref(redirectTo);

  return (
    <div className="flex justify-center bg-[linear-gradient(180deg,var(--color-navy-50),white_60%)] px-2 py-10 sm:py-16">
      <section
        role="dialog"
        aria-labelledby="login-title"
        style={loginPanelWidth}
        className={`border border-navy-100 shadow-card ${loginPanelClass}`}
      >
        <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-5 pb-1 xs:px-7 xs:pt-6">
          <h1 id="login-title" className="font-bold text-navy-900 text-xl">
            Log in
          </h1>
          <p className="mt-1 text-slate-650 text-sm">Log in to your {firmShortName} buyer account.</p>
        </div>
        <div className="px-5 pt-4 pb-5 xs:px-7 xs:pb-7">
          {result?.status === "not-verified" ? (
            <NotVerified email={result.email} action={action} />
          ) : result?.status === "second-factor" ? (
            <>
              <PasskeyLoginButton
                pendingLogin={result.pendingLogin}
                passkeys={result.passkeys}
                // A full load: the whole page, header included, is rendered for the new session.
                onSignedIn={() => window.location.assign(redirectTo)}
                restartHref={action}
              />
              <SecondFactorForm
                action={action}
                pendingLogin={result.pendingLogin}
                status={status}
                lastResult={result.result}
                failure={result.failure}
              />
            </>
          ) : (
            <>
              {result?.status === "verification-sent" ? (
                <Alert tone="success" className="mb-4">
                  <p className="font-semibold">{VERIFICATION_EMAIL_SENT_TITLE}</p>
                  <p className="mt-1 font-normal">{verificationEmailSent(result.email)}</p>
                </Alert>
              ) : null}
              <LoginForm
                action={action}
                status={status}
                lastResult={
                  result?.status === "invalid" || result?.status === "failed" ? result.result : null
                }
                failure={result?.status === "failed" ? result.failure : undefined}
                defaultEmail={email}
                message={message}
                escapeMessage
                firmShortName={firmShortName}
              />
            </>
          )}
        </div>
      </section>
    </div>
  );
}

/** An unverified account's login: the resend-verification dialog as a panel with a form. */
function NotVerified({ email, action }: { email: string; action: string }) {
  const status = useNavigationStatus("resend-verification");
  return (
    <div className="space-y-4">
      <Alert tone="info">
        <p className="font-semibold">{EMAIL_VERIFICATION_REQUIRED_TITLE}</p>
        <p className="mt-1 font-normal">{EMAIL_VERIFICATION_REQUIRED}</p>
      </Alert>
      <Form method="post" action={action} className="flex flex-col gap-3 xs:flex-row-reverse">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="email" value={email} />
        <SubmitButton status={status}>Resend verification email</SubmitButton>
        <Link to={action} className={buttonStyles.secondary}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}

import type { Core } from "@aea/core/types";
import {
  AUTHENTICATOR_ALREADY_SET_UP,
  confirmAuthenticatorSchema,
  ENROLMENT_EXPIRED,
  ENROLMENT_WRONG_CODE,
  hasSecondFactor,
  isAppError,
  MFA_ENROLMENT_REQUIRED,
  PASSKEY_REMOVED,
  PASSKEY_RENAMED,
  PASSKEY_UNKNOWN,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  type RouteHandle,
  type StepUpNeed,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, KeyRound, ShieldCheck, Smartphone } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { SubmitButton } from "../components/ui/submit-button";
import { PasskeysSection } from "../features/accounts/passkeys-section";
import { StepUpForm } from "../features/accounts/step-up-form";
import { InputField } from "../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../lib/forms/use-schema-form";
import { admittedUser } from "../lib/guards";
import { pageTitle, useSite } from "../lib/site";
import { proveStepUp, stepUpNeedOf } from "../lib/step-up";
import type { Route } from "./+types/account.security";

// Codes are guessed like passwords: the page's posts count against the account forms' per-address limit.
export const handle = { access: "signed-in", rateLimit: "account", searchBar: false } satisfies RouteHandle;

type SecurityActionData =
  | { intent: "confirm"; result: SubmissionResult<string[]>; error?: string }
  | { intent: "rename-passkey"; passkeyId: number; result: SubmissionResult<string[]>; notice?: string }
  | { intent: "confirm" | "new-codes"; recoveryCodes: string[] }
  | { intent: "remove" | "remove-passkey"; notice: string }
  | { intent: string; stepUp: StepUpNeed }
  | { intent: string; error: string };

const actorOf = (core: Core, request: Request, userId: number) => ({
  userId,
  sessionToken: core.sessionCookies.sessionTokenFrom(request.headers.get("cookie")),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core, secondFactorEnrolmentRequired } = context.get(appContext);
  const actor = actorOf(core, request, user.id);
  const viewingAs = user.impersonatorId !== null;
  const [factors, enrolment, passkeys] = await Promise.all([
    core.secondFactor.factorsOf(user.id),
    viewingAs ? undefined : core.secondFactor.pendingAuthenticator(actor, user),
    core.passkeys.list(user.id),
  ]);
  return {
    factors,
    // Browsers take passkeys only for a site under a domain name (PUBLIC_URL), never an IP address.
    passkeys: core.passkeys.available ? passkeys : undefined,
    enrolment: factors.totp ? undefined : enrolment,
    enrolmentRequired: secondFactorEnrolmentRequired,
    viewingAs,
    isStaff: user.isAdmin || user.isManagement,
  };
}

/** Set up, confirm, renew codes, remove: each a form of its own, with and without JavaScript. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const actor = actorOf(core, request, user.id);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  try {
    switch (intent) {
      case "start":
        await core.secondFactor.startAuthenticator(actor, user);
        // Back to the page, which shows the secret while it waits for its first code.
        return redirect("/account/security");
      case "confirm": {
        const submission = parseWithZod(formData, { schema: confirmAuthenticatorSchema });
        if (submission.status !== "success")
          return data({ intent, result: submission.reply() } satisfies SecurityActionData, { status: 400 });
        const outcome = await core.secondFactor.confirmAuthenticator(actor, submission.value.code);
        if (outcome.status === "enrolled")
          return { intent, recoveryCodes: outcome.recoveryCodes } satisfies SecurityActionData;
        const error = {
          "wrong-code": ENROLMENT_WRONG_CODE,
          expired: ENROLMENT_EXPIRED,
          "already-set-up": AUTHENTICATOR_ALREADY_SET_UP,
        }[outcome.status];
        return data(
          { intent, result: submission.reply({ hideFields: ["code"] }), error } satisfies SecurityActionData,
          { status: 400 },
        );
      }
      case "new-codes":
      case "remove": {
        // Both need a recent second factor: a form that carries one is checked first.
        const stepUp = await proveStepUp(core, actor, formData);
        if (stepUp) return data({ intent, stepUp } satisfies SecurityActionData, { status: 403 });
        if (intent === "new-codes")
          return {
            intent,
            recoveryCodes: await core.secondFactor.replaceRecoveryCodes(actor),
          } satisfies SecurityActionData;
        await core.secondFactor.removeAuthenticator(actor);
        return { intent, notice: "The authenticator app was removed." } satisfies SecurityActionData;
      }
      case "rename-passkey": {
        const submission = parseWithZod(formData, { schema: passkeyRenameSchema });
        const passkeyId = Number(formData.get("passkeyId"));
        if (submission.status !== "success")
          return data({ intent, passkeyId, result: submission.reply() } satisfies SecurityActionData, {
            status: 400,
          });
        await core.passkeys.rename(actor, submission.value.passkeyId, submission.value.name);
        return {
          intent,
          passkeyId,
          result: submission.reply({ resetForm: true }),
          notice: PASSKEY_RENAMED,
        } satisfies SecurityActionData;
      }
      case "remove-passkey": {
        const submission = parseWithZod(formData, { schema: passkeyRemoveSchema });
        if (submission.status !== "success")
          return data({ intent, error: PASSKEY_UNKNOWN } satisfies SecurityActionData, { status: 400 });
        // Taking a factor away needs a recent check, as removing the authenticator app does.
        const stepUp = await proveStepUp(core, actor, formData);
        if (stepUp) return data({ intent, stepUp } satisfies SecurityActionData, { status: 403 });
        await core.passkeys.remove(actor, submission.value.passkeyId);
        return { intent, notice: PASSKEY_REMOVED } satisfies SecurityActionData;
      }
      default:
        return data({ intent, error: "Unknown action." } satisfies SecurityActionData, { status: 400 });
    }
  } catch (error) {
    const stepUp = stepUpNeedOf(error, formData);
    if (stepUp) return data({ intent, stepUp } satisfies SecurityActionData, { status: 403 });
    if (!isAppError(error)) throw error;
    return data({ intent, error: error.message } satisfies SecurityActionData, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Account security") },
  { name: "robots", content: "noindex" },
];

const card = "rounded-card border border-navy-100 bg-white p-5 shadow-card sm:p-7";

export default function AccountSecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { factors, enrolment, enrolmentRequired, viewingAs, isStaff, passkeys } = loaderData;
  const result = actionData as SecurityActionData | undefined;
  const status = useNavigationStatus();
  const codes = result && "recoveryCodes" in result ? result.recoveryCodes : undefined;
  const stepUp = result && "stepUp" in result ? result.stepUp : undefined;
  const error = result && "error" in result && result.intent !== "confirm" ? result.error : undefined;
  const notice = result && "notice" in result ? result.notice : undefined;

  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_85%,white)]">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
        <header>
          <p className="font-semibold text-navy-600 text-sm uppercase tracking-[0.14em]">Your account</p>
          <h1 className="mt-1 font-bold text-3xl text-navy-900">Account security</h1>
          <p className="mt-2 max-w-prose text-slate-650">
            A second factor keeps your account safe even if someone learns your password: after your password,
            we ask for a code from an authenticator app on your phone.
          </p>
        </header>

        <div className="mt-8 space-y-6">
          {enrolmentRequired ? <Alert tone="info">{MFA_ENROLMENT_REQUIRED}</Alert> : null}
          {viewingAs ? (
            <Alert tone="info">
              While viewing the site as this buyer, their second factors cannot be changed.
            </Alert>
          ) : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {stepUp ? <StepUpForm need={stepUp} status={status} /> : null}
          {codes ? <RecoveryCodes codes={codes} /> : null}

          <section aria-labelledby="authenticator-title" className={card}>
            <h2
              id="authenticator-title"
              className="flex items-center gap-2 font-semibold text-navy-900 text-xl"
            >
              <Smartphone aria-hidden size={20} className="text-amber-700" />
              Authenticator app
            </h2>
            {factors.totp ? (
              <Enrolled recoveryCodesLeft={factors.recoveryCodesLeft} status={status} />
            ) : enrolment ? (
              <Enrolment
                enrolment={enrolment}
                status={status}
                lastResult={result?.intent === "confirm" && "result" in result ? result.result : null}
                error={result?.intent === "confirm" && "error" in result ? result.error : undefined}
              />
            ) : (
              <NotEnrolled disabled={viewingAs} status={status} />
            )}
          </section>

          {passkeys ? (
            <PasskeysSection
              passkeys={passkeys}
              readOnly={viewingAs}
              offerRecoveryCodes={!factors.totp && factors.passkeys > 0 && factors.recoveryCodesLeft === 0}
              renameResult={result?.intent === "rename-passkey" && "passkeyId" in result ? result : undefined}
              className={card}
            />
          ) : null}

          <p className="text-slate-650 text-sm">
            {hasSecondFactor(factors) || !isStaff ? null : "Staff accounts must have a second factor. "}
            <Link to="/buyer/profile" className="font-medium text-navy-700 underline underline-offset-2">
              Back to your profile
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

function NotEnrolled({
  disabled,
  status,
}: {
  disabled: boolean;
  status: ReturnType<typeof useNavigationStatus>;
}) {
  return (
    <>
      <p className="mt-2 text-slate-650">
        Off. Use any authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
      </p>
      <Form method="post" className="mt-5">
        <input type="hidden" name="intent" value="start" />
        <SubmitButton status={status} disabled={disabled} icon={<ShieldCheck aria-hidden size={16} />}>
          Set up an authenticator app
        </SubmitButton>
      </Form>
    </>
  );
}

function Enrolment({
  enrolment,
  status,
  lastResult,
  error,
}: {
  enrolment: { secret: string; uri: string; qr: { size: number; path: string } };
  status: ReturnType<typeof useNavigationStatus>;
  lastResult: SubmissionResult<string[]> | null;
  error?: string;
}) {
  const [form, fields] = useSchemaForm(confirmAuthenticatorSchema, {
    id: "confirm-authenticator",
    lastResult,
  });
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;
  return (
    <ol className="mt-4 space-y-6">
      <li>
        <p className="font-semibold text-navy-900">1. Scan this code with your authenticator app</p>
        <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-center">
          <svg
            role="img"
            aria-labelledby="qr-title"
            viewBox={`0 0 ${enrolment.qr.size} ${enrolment.qr.size}`}
            shapeRendering="crispEdges"
            className="size-48 shrink-0 rounded-md border border-navy-100 bg-white"
          >
            <title id="qr-title">QR code to add this account to an authenticator app</title>
            <rect width="100%" height="100%" fill="#fff" />
            <path d={enrolment.qr.path} fill="#07111f" />
          </svg>
          <div className="min-w-0 text-sm">
            <p className="text-slate-650">Cannot scan it? Type this key into the app instead (time-based):</p>
            <p
              className="mt-2 break-all font-mono font-semibold text-base text-navy-900"
              data-testid="totp-secret"
            >
              {grouped}
            </p>
            <p className="mt-3 text-slate-650">
              On this phone?{" "}
              <a href={enrolment.uri} className="font-medium text-navy-700 underline underline-offset-2">
                Open it in your authenticator app
              </a>
            </p>
          </div>
        </div>
      </li>
      <li>
        <p className="font-semibold text-navy-900">2. Enter the 6-digit code the app shows</p>
        <Form method="post" {...formProps(form)} className="mt-3 flex flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="confirm" />
          {error ? (
            <Alert tone="error" className="w-full">
              {error}
            </Alert>
          ) : null}
          <InputField
            field={fields.code}
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="w-48"
            required
          />
          <SubmitButton status={status} className="mt-7">
            Turn on
          </SubmitButton>
        </Form>
      </li>
    </ol>
  );
}

function Enrolled({
  recoveryCodesLeft,
  status,
}: {
  recoveryCodesLeft: number;
  status: ReturnType<typeof useNavigationStatus>;
}) {
  return (
    <>
      <p className="mt-2 text-slate-650">
        <span className="font-semibold text-positive">On.</span> After your password, we ask for the code from
        your app. Recovery codes left:{" "}
        <span className="font-semibold text-navy-900">{recoveryCodesLeft}</span> of 10.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="new-codes" />
          <SubmitButton status={status} look="secondary" icon={<KeyRound aria-hidden size={16} />}>
            Get new recovery codes
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <SubmitButton status={status} look="secondary">
            Remove authenticator app
          </SubmitButton>
        </Form>
      </div>
    </>
  );
}

/** The recovery codes, shown this once: as text to copy, and as a file to keep. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { firmName } = useSite();
  const shown = codes.map((code) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
  const file = `${firmName} recovery codes\nEach code works once, in place of the authenticator app's code.\n\n${shown.join("\n")}\n`;
  return (
    <section
      aria-labelledby="codes-title"
      className="rounded-card border border-amber-300 bg-amber-50 p-5 sm:p-7"
    >
      <h2 id="codes-title" className="font-semibold text-navy-900 text-xl">
        Your recovery codes
      </h2>
      <p className="mt-1 text-slate-700 text-sm">
        Keep them somewhere safe: each one logs you in once if you lose your phone. They are shown only now;
        older codes no longer work.
      </p>
      <ol
        className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1.5 font-mono text-base text-navy-900 xs:grid-cols-2"
        data-testid="recovery-codes"
      >
        {shown.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        download="recovery-codes.txt"
        className={`${buttonStyles.secondary} mt-5`}
      >
        <Download aria-hidden size={16} /> Download codes
      </a>
    </section>
  );
}

import {
  EMAIL_DOES_NOT_EXIST,
  emailSchema,
  FORGOT_PASSWORD_HEADING,
  FORGOT_PASSWORD_PROMPT,
  type RouteHandle,
  SERVER_ERROR,
  SUBMIT,
  SUBMITTED,
} from "@aea/domain";
import { KeyRound, LoaderCircle, Phone } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { buttonStyles } from "../components/ui/button-styles";
import { TextField } from "../components/ui/text-field";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { requireAnonymous } from "../lib/guards";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/forgot-password";

type ForgotActionData =
  | { status: "sent"; email: string }
  | { status: "invalid"; email: string; error: string }
  | { status: "unknown"; error: string }
  | { status: "error"; email: string; error: string };

export function loader({ context, request }: Route.LoaderArgs) {
  requireAnonymous(context);
  return { email: new URL(request.url).searchParams.get("email") ?? "" };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  requireAnonymous(context);
  const { core } = context.get(appContext);
  const raw = (await request.formData()).get("email");
  const email = typeof raw === "string" ? raw : "";
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) {
    return data(
      {
        status: "invalid",
        email,
        error: parsed.error.issues[0]?.message ?? SERVER_ERROR,
      } satisfies ForgotActionData,
      { status: 400 },
    );
  }
  try {
    if (await core.accounts.sendResetPasswordEmail(parsed.data)) {
      return { status: "sent", email: parsed.data } satisfies ForgotActionData;
    }
    // Spec §8: the message, and the form starts over.
    return data({ status: "unknown", error: EMAIL_DOES_NOT_EXIST } satisfies ForgotActionData, {
      status: 400,
    });
  } catch (error) {
    console.error(error);
    return data({ status: "error", email, error: SERVER_ERROR } satisfies ForgotActionData, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Forgot Password") },
  { name: "robots", content: "noindex" },
  FORM_PAGE_REFERRER,
];

/** The forgot-password panel (spec §2, §4, §5, §8). */
export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { supportPhone } = useSite();
  const navigation = useNavigation();
  const result = actionData as ForgotActionData | undefined;
  const sent = result?.status === "sent";
  const loading = navigation.state === "submitting";
  const [email, setEmail] = useState(result ? ("email" in result ? result.email : "") : loaderData.email);
  const [touched, setTouched] = useState(false);
  // Each answer from the server resets the field to what it says (empty after an unknown email, §8).
  useEffect(() => {
    if (!result) return;
    setEmail("email" in result ? result.email : "");
    setTouched(false);
  }, [result]);

  const check = emailSchema.safeParse(email);
  const clientError = check.success ? undefined : check.error.issues[0]?.message;
  const serverError =
    result && result.status !== "sent" && result.status !== "unknown" ? result.error : undefined;
  const error = touched ? clientError : serverError;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (clientError || sent || loading) {
      event.preventDefault();
      setTouched(true);
    }
  };

  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50),white_70%)] px-4 py-10 sm:py-16">
      <section
        aria-labelledby="forgot-title"
        className="mx-auto w-full max-w-md rounded-card border border-navy-100 bg-white shadow-card"
      >
        <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-6 xs:px-8">
          <span className="flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <KeyRound aria-hidden size={22} />
          </span>
          <h1 id="forgot-title" className="mt-4 font-bold text-2xl text-navy-900">
            {FORGOT_PASSWORD_HEADING}
          </h1>
          <p className="mt-1 text-slate-650">{FORGOT_PASSWORD_PROMPT}</p>
        </div>
        <Form method="post" noValidate onSubmit={submit} className="space-y-4 px-5 pt-5 pb-6 xs:px-8">
          {result?.status === "unknown" ? <Alert tone="error">{result.error}</Alert> : null}
          {result?.status === "error" ? <Alert tone="error">{result.error}</Alert> : null}
          {sent ? (
            <Alert tone="success">
              We emailed a link to reset your password to{" "}
              <span className="wrap-anywhere">{result.email}</span>. It works once and expires in 60 minutes.
            </Alert>
          ) : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            readOnly={sent}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
            error={error}
          />
          <button
            type="submit"
            disabled={loading || sent}
            aria-busy={loading || undefined}
            className={`${buttonStyles.primary} w-full py-2.5`}
          >
            {loading ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
            {sent ? SUBMITTED : SUBMIT}
          </button>
          <div className="flex flex-wrap items-center justify-between gap-2 border-navy-100 border-t pt-4 text-sm">
            <Link
              to="/buyer/signup"
              className="font-semibold text-navy-700 underline-offset-2 hover:text-navy-900 hover:underline"
            >
              Create an account
            </Link>
            <Link
              to="/login"
              className="text-slate-650 underline-offset-2 hover:text-navy-900 hover:underline"
            >
              Back to log in
            </Link>
          </div>
          <p className="flex items-center gap-2 text-slate-650 text-sm">
            <Phone aria-hidden size={15} className="shrink-0" />
            <span>
              Technical assistance:{" "}
              <a
                href={`tel:${supportPhone.replace(/\s*ext\.?\s*/i, ",").replace(/[^\d+,]/g, "")}`}
                className="font-medium text-navy-800 hover:underline"
              >
                {supportPhone}
              </a>
            </span>
          </p>
        </Form>
      </section>
    </div>
  );
}

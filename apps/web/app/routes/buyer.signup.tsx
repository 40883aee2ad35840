import {
  EMAIL_ALREADY_REGISTERED,
  emailSchema,
  type RouteHandle,
  SERVER_ERROR,
  signupSchema,
  verificationEmailSent,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BellRing, FolderLock, MailCheck, SearchCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form } from "react-router";
import { appContext } from "../app-context";
import { Alert } from "../components/ui/alert";
import { SubmitButton } from "../components/ui/submit-button";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { SignupForm } from "../features/accounts/signup-form";
import { useNavigationStatus } from "../lib/forms/use-schema-form";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/buyer.signup";

type SignupActionData =
  | { status: "refused"; result: SubmissionResult<string[]> }
  | { status: "created"; email: string; resent?: boolean };

// A server loader, so even a client-side navigation here asks the server, which admits by the handle.
export function loader() {
  return null;
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { access: "anonymous-only", rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const form = await request.formData();

  if (form.get("intent") === "resend") {
    const email = emailSchema.safeParse(form.get("email"));
    if (email.success) {
      await core.signUp.resendVerification(email.data).catch((error: unknown) => console.error(error));
      return { status: "created", email: email.data, resent: true } satisfies SignupActionData;
    }
  }

  // Passwords never travel back to the page.
  const submission = parseWithZod(form, { schema: signupSchema });
  const refused = (reply: Parameters<typeof submission.reply>[0], status: number) =>
    data(
      {
        status: "refused",
        result: submission.reply({ ...reply, hideFields: ["password", "confirmPassword"] }),
      } satisfies SignupActionData,
      { status },
    );
  if (submission.status !== "success") return refused({}, 400);
  try {
    const result = await core.signUp.signup(submission.value);
    if (result.status === "email-taken")
      return refused({ fieldErrors: { email: [EMAIL_ALREADY_REGISTERED] } }, 409);
    return { status: "created", email: submission.value.email } satisfies SignupActionData;
  } catch (error) {
    console.error(error);
    return refused({ formErrors: [SERVER_ERROR] }, 500);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Register as a Buyer") },
  {
    name: "description",
    content:
      "Register as a buyer to see current oil and gas assignments, data rooms and private opportunities.",
  },
  FORM_PAGE_REFERRER,
];

const benefits = [
  { Icon: SearchCheck, text: "See every current assignment with its full deal facts." },
  { Icon: FolderLock, text: "Request access to virtual data rooms for due diligence." },
  { Icon: BellRing, text: "Tell us what you buy and hear about matching deals first." },
];

export default function SignupPage({ actionData }: Route.ComponentProps) {
  const { firmName, firmShortName } = useSite();
  const result = actionData as SignupActionData | undefined;
  const status = useNavigationStatus();

  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50)_40%,white)]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-12 lg:py-16">
        <section aria-labelledby="signup-intro" className="lg:pt-6">
          <p className="font-semibold text-navy-600 text-sm uppercase tracking-[0.14em]">
            Buyer registration
          </p>
          <h1 id="signup-intro" className="mt-2 font-bold text-3xl text-navy-900 leading-tight sm:text-4xl">
            Register as a buyer
          </h1>
          <p className="mt-4 max-w-prose text-lg text-slate-650">
            Join the buyer network of {firmName}. Registration is free and takes a minute.
          </p>
          <ul className="mt-6 hidden space-y-4 sm:block">
            {benefits.map(({ Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-navy-900">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-amber-700 shadow-card">
                  <Icon aria-hidden size={18} />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
        </section>

        <div className="rounded-card border border-navy-100 bg-white p-5 shadow-card sm:p-8">
          {result?.status === "created" ? (
            <CheckYourEmail email={result.email} resent={result.resent === true} />
          ) : (
            <>
              <h2 className="mb-5 font-semibold text-navy-900 text-xl">Create your account</h2>
              <SignupForm
                lastResult={result?.status === "refused" ? result.result : null}
                status={status}
                firmShortName={firmShortName}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function CheckYourEmail({ email, resent }: { email: string; resent: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const status = useNavigationStatus();
  // The form was replaced: bring its outcome into view and to screen readers.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "center" });
  }, []);
  return (
    <div className="text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <MailCheck aria-hidden size={28} />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 font-bold text-2xl text-navy-900 outline-none">
        Check your email
      </h2>
      <p className="mt-3 text-slate-650">
        We sent a verification link to <strong className="wrap-anywhere text-navy-900">{email}</strong>. Click
        the link in that email to verify your address, then log in.
      </p>
      <p className="mt-2 text-slate-650 text-sm">The link works once and expires in 48 hours.</p>
      {resent ? (
        <Alert tone="success" className="mt-5 text-left">
          {verificationEmailSent(email)}
        </Alert>
      ) : null}
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <p className="text-slate-650 text-sm">Didn't get it? Check your spam folder, or</p>
        <SubmitButton look="secondary" status={status} className="mt-2">
          Resend verification email
        </SubmitButton>
      </Form>
    </div>
  );
}

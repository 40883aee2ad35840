import {
  EMAIL_DOES_NOT_EXIST,
  emailFormSchema,
  FORGOT_PASSWORD_HEADING,
  FORGOT_PASSWORD_PROMPT,
  RESET_EMAIL_SENT_TITLE,
  type RouteHandle,
  resetEmailSent,
  SERVER_ERROR,
  SUBMIT,
  SUBMITTED,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, KeyRound, MailCheck, Phone } from "lucide-react";
import { data, Form, Link } from "react-router";
import { appContext } from "../app-context";
import { buttonStyles } from "../components/ui/button-styles";
import { FormCard, FormPage } from "../components/ui/form-card";
import { SubmitButton } from "../components/ui/submit-button";
import { FORM_PAGE_REFERRER } from "../features/accounts/form-page-meta";
import { EmailInputField, FormErrors } from "../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../lib/forms/use-schema-form";
import { pageTitle, useSite } from "../lib/site";
import type { Route } from "./+types/forgot-password";

type ForgotActionData =
  | { status: "sent"; email: string }
  /** `unknown`: no account has the email; the form starts over, so the message stands beside it. */
  | { status: "refused"; result: SubmissionResult<string[]>; unknown?: string };

export function loader({ request }: Route.LoaderArgs) {
  return { email: new URL(request.url).searchParams.get("email") ?? "" };
}

// Its form posts count against the per-address limit of the account API (the server reads this).
export const handle = { access: "anonymous-only", rateLimit: "account" } satisfies RouteHandle;

export async function action({ context, request }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: emailFormSchema });
  if (submission.status !== "success") {
    return data({ status: "refused", result: submission.reply() } satisfies ForgotActionData, {
      status: 400,
    });
  }
  try {
    if (await core.passwords.sendResetPasswordEmail(submission.value.email)) {
      return { status: "sent", email: submission.value.email } satisfies ForgotActionData;
    }
    // Spec §8: the message, and the form starts over.
    return data(
      {
        status: "refused",
        result: submission.reply({ resetForm: true }),
        unknown: EMAIL_DOES_NOT_EXIST,
      } satisfies ForgotActionData,
      { status: 400 },
    );
  } catch (error) {
    console.error(error);
    return data(
      {
        status: "refused",
        result: submission.reply({ formErrors: [SERVER_ERROR] }),
      } satisfies ForgotActionData,
      { status: 500 },
    );
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
  const result = actionData as ForgotActionData | undefined;
  const sent = result?.status === "sent";
  const pending = useNavigationStatus();
  const [form, fields] = useSchemaForm(emailFormSchema, {
    lastResult: result?.status === "refused" ? result.result : null,
    defaultValue: { email: loaderData.email },
  });

  if (sent) return <ResetEmailSent email={result.email} />;
  return (
    <FormPage>
      <FormCard
        titleId="forgot-title"
        icon={<KeyRound aria-hidden size={22} />}
        title={FORGOT_PASSWORD_HEADING}
        description={FORGOT_PASSWORD_PROMPT}
      >
        <Form method="post" {...formProps(form)} className="space-y-4">
          <FormErrors
            errors={result?.status === "refused" && result.unknown ? [result.unknown] : form.errors}
          />
          <EmailInputField field={fields.email} required />
          <SubmitButton status={pending} className="w-full py-2.5">
            {SUBMIT}
          </SubmitButton>
          <div className="flex flex-wrap items-center justify-between gap-2 border-navy-100 border-t pt-4 text-sm">
            <Link
              to="/buyer/signup"
              className="font-semibold text-navy-700 underline-offset-2 hover:text-navy-900 hover:underline"
            >
              Create an account
            </Link>
            <BackToLogIn />
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
      </FormCard>
    </FormPage>
  );
}

/**
 * The panel closed on success (spec §4): the form is gone, so the link cannot be asked for twice by
 * mistake, and the card says where the mail went.
 */
function ResetEmailSent({ email }: { email: string }) {
  return (
    <FormPage>
      <FormCard
        titleId="forgot-sent-title"
        icon={<MailCheck aria-hidden size={22} />}
        title={RESET_EMAIL_SENT_TITLE}
      >
        <div role="status" className="space-y-3 text-navy-900">
          <p className="wrap-anywhere">{resetEmailSent(email)}</p>
          <p className="text-slate-650 text-sm">The link works once and expires in 60 minutes.</p>
        </div>
        {/* Spec §2: the panel's button reads Submitted afterwards, and stays disabled. */}
        <button type="button" disabled className={`${buttonStyles.primary} mt-5 w-full py-2.5`}>
          <CircleCheck aria-hidden size={18} />
          {SUBMITTED}
        </button>
        <div className="mt-5 border-navy-100 border-t pt-4 text-sm">
          <BackToLogIn />
        </div>
      </FormCard>
    </FormPage>
  );
}

function BackToLogIn() {
  return (
    <Link to="/login" className="text-slate-650 underline-offset-2 hover:text-navy-900 hover:underline">
      Back to log in
    </Link>
  );
}

import {
  CONTACT_FAILED,
  CONTACT_FAILED_TITLE,
  CONTACT_FIELDS,
  CONTACT_SENT,
  CONTACT_SENT_TITLE,
  contactFormSchema,
} from "@aea/domain";
import { LoaderCircle, Send } from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { MessageDialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { emptyValues, type FieldErrors, fieldErrorsOf } from "../../lib/form-fields";
import { useHydrated } from "../../lib/use-hydrated";
import { type InquiryActionData, postInquiry } from "./form-state";
import { RequiredMark, TextAreaField } from "./text-area-field";

type Field = (typeof CONTACT_FIELDS)[number];
export type ContactActionData = InquiryActionData<Field>;

/**
 * The contact form (spec §3, §5, §8). With JavaScript it posts to /api/Mailer/SendContactUsEmail and
 * answers in a dialog (success then /home); before JavaScript loads it posts to the page's action.
 * Send is disabled while the form is invalid or sending; messages show once a field is touched.
 */
export function ContactForm({
  blockList,
  appName,
  result,
}: {
  blockList: readonly string[];
  appName: string;
  /** The page action's answer to a post made without JavaScript. */
  result?: ContactActionData;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const schema = useMemo(() => contactFormSchema(blockList), [blockList]);
  const [values, setValues] = useState<Record<Field, string>>(
    result && result.status !== "sent" ? result.values : emptyValues(CONTACT_FIELDS),
  );
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [fromServer, setFromServer] = useState<FieldErrors>(
    result?.status === "invalid" ? result.fieldErrors : {},
  );
  const [status, setStatus] = useState<"idle" | "loading" | "sent" | "failed">("idle");

  const errors = fieldErrorsOf(schema, values);
  const invalid = CONTACT_FIELDS.some((field) => errors[field]);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined) ?? fromServer[field];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // Before hydration the browser posts to the page action; afterwards the API answers.
    event.preventDefault();
    if (invalid || status === "loading") {
      setTouched(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, true])));
      return;
    }
    setStatus("loading");
    const outcome = await postInquiry("/api/Mailer/SendContactUsEmail", { ...values, appName });
    if (outcome.status === "invalid") {
      setFromServer(outcome.fieldErrors);
      setStatus("idle");
    } else {
      setStatus(outcome.status);
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setFromServer((s) => ({ ...s, [name]: undefined }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: shown(name),
  });

  if (result?.status === "sent") {
    return (
      <Alert tone="success">
        {CONTACT_SENT}{" "}
        <a href="/home" className="underline underline-offset-2">
          Continue to the home page
        </a>
      </Alert>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" aria-label="Contact form">
      {result?.status === "failed" ? <Alert tone="error">{CONTACT_FAILED}</Alert> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={
            <>
              First name
              <RequiredMark />
            </>
          }
          autoComplete="given-name"
          required
          {...field("firstName")}
        />
        <TextField
          label={
            <>
              Last name
              <RequiredMark />
            </>
          }
          autoComplete="family-name"
          required
          {...field("lastName")}
        />
      </div>
      <TextField
        label={
          <>
            Email
            <RequiredMark />
          </>
        }
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...field("email")}
      />
      <TextField
        label={
          <>
            Subject
            <RequiredMark />
          </>
        }
        required
        {...field("subject")}
      />
      {/* Marked required as in the original template, which never enforced it (spec §5). */}
      <TextAreaField
        label={
          <>
            Message
            <RequiredMark />
          </>
        }
        rows={6}
        {...field("message")}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-650 text-xs">
          <RequiredMark /> Required. We reply within one business day.
        </p>
        <button
          type="submit"
          disabled={hydrated && (invalid || status === "loading")}
          aria-busy={status === "loading" || undefined}
          className={`${buttonStyles.primary} px-6 py-2.5`}
        >
          {status === "loading" ? (
            <LoaderCircle aria-hidden size={18} className="animate-spin" />
          ) : (
            <Send aria-hidden size={18} />
          )}
          Send
        </button>
      </div>
      <MessageDialog
        open={status === "sent"}
        onOpenChange={(open) => {
          if (!open) void navigate("/home");
        }}
        title={CONTACT_SENT_TITLE}
        message={CONTACT_SENT}
      />
      <MessageDialog
        open={status === "failed"}
        onOpenChange={(open) => {
          if (!open) setStatus("idle");
        }}
        title={CONTACT_FAILED_TITLE}
        message={CONTACT_FAILED}
      />
    </form>
  );
}

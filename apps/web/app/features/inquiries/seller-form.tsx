import {
  SELLER_FAILED_TITLE,
  SELLER_FIELDS,
  SELLER_INQUIRY_FAILED,
  SELLER_INQUIRY_SENT,
  SELLER_INQUIRY_TITLE,
  sellerFormSchema,
  sellerThankYouTitle,
} from "@aea/domain";
import { LoaderCircle, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { MessageDialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { emptyValues, type FieldErrors, fieldErrorsOf } from "../../lib/form-fields";
import { type InquiryActionData, postInquiry } from "./form-state";
import { RequiredMark, TextAreaField } from "./text-area-field";

type Field = (typeof SELLER_FIELDS)[number];
export type SellerActionData = InquiryActionData<Field>;

/**
 * "Sell your assets!" (spec §3, §5, §8). With JavaScript it posts to /api/Seller/Contact; success
 * thanks the visitor in a dialog and clears the form. Before JavaScript it posts to the page action.
 */
export function SellerForm({
  firmShortName,
  appName,
  result,
}: {
  firmShortName: string;
  appName: string;
  result?: SellerActionData;
}) {
  const [values, setValues] = useState<Record<Field, string>>(
    result && result.status !== "sent" ? result.values : emptyValues(SELLER_FIELDS),
  );
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [fromServer, setFromServer] = useState<FieldErrors>(
    result?.status === "invalid" ? result.fieldErrors : {},
  );
  const [status, setStatus] = useState<"idle" | "loading" | "sent" | "failed">("idle");

  const errors = fieldErrorsOf(sellerFormSchema, values);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined) ?? fromServer[field];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "loading") return;
    if (SELLER_FIELDS.some((field) => errors[field])) {
      setTouched(Object.fromEntries(SELLER_FIELDS.map((f) => [f, true])));
      const first = SELLER_FIELDS.find((field) => errors[field]);
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus("loading");
    const outcome = await postInquiry("/api/Seller/Contact", {
      ...values,
      fullName: `${values.firstName.trim()} ${values.lastName.trim()}`,
      title: SELLER_INQUIRY_TITLE,
      appName,
    });
    if (outcome.status === "invalid") {
      setFromServer(outcome.fieldErrors);
      setStatus("idle");
      return;
    }
    if (outcome.status === "sent") {
      // The spec's seller form resets after a success (§4).
      setValues(emptyValues(SELLER_FIELDS));
      setTouched({});
      setFromServer({});
    }
    setStatus(outcome.status);
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

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" aria-label="Seller inquiry">
      {result?.status === "sent" ? (
        <Alert tone="success">
          <span className="block font-semibold">{sellerThankYouTitle(firmShortName)}</span>
          {SELLER_INQUIRY_SENT}
        </Alert>
      ) : null}
      {result?.status === "failed" ? <Alert tone="error">{SELLER_INQUIRY_FAILED}</Alert> : null}
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
      <TextField label="Company" autoComplete="organization" {...field("company")} />
      <div className="grid gap-5 sm:grid-cols-2">
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
        <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" {...field("phone")} />
      </div>
      <TextAreaField
        label="Tell us about the assets"
        hint="Location, interest type, production, anything that helps us prepare for the call."
        rows={5}
        {...field("description")}
      />
      <button
        type="submit"
        disabled={status === "loading"}
        aria-busy={status === "loading" || undefined}
        className={`${buttonStyles.primary} w-full py-3 text-base`}
      >
        {status === "loading" ? (
          <LoaderCircle aria-hidden size={18} className="animate-spin" />
        ) : (
          <Send aria-hidden size={18} />
        )}
        Send inquiry
      </button>
      <p className="text-center text-slate-650 text-xs">
        <RequiredMark /> Required. Your details go only to our divestiture team.
      </p>
      <MessageDialog
        open={status === "sent"}
        onOpenChange={(open) => {
          if (!open) setStatus("idle");
        }}
        title={sellerThankYouTitle(firmShortName)}
        message={SELLER_INQUIRY_SENT}
      />
      <MessageDialog
        open={status === "failed"}
        onOpenChange={(open) => {
          if (!open) setStatus("idle");
        }}
        title={SELLER_FAILED_TITLE}
        message={SELLER_INQUIRY_FAILED}
      />
    </form>
  );
}

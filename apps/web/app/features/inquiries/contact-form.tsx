import {
  CONTACT_FAILED,
  CONTACT_FAILED_TITLE,
  CONTACT_SENT,
  CONTACT_SENT_TITLE,
  contactFormSchema,
} from "@aea/domain";
import { Send } from "lucide-react";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/ui/alert";
import { RequiredMark, requiredLabel } from "../../components/ui/required-mark";
import { SubmitButton } from "../../components/ui/submit-button";
import { InputField, TextAreaInputField } from "../../lib/forms/fields";
import { InquirerEmailField, InquirerNameFields, type InquiryActionData, InquiryForm } from "./inquiry-form";

/**
 * The contact form (spec §3, §5, §8): sent, it says so in a dialog and then goes home (without
 * JavaScript, on the page with a link home). Blocked addresses are flagged as the visitor types.
 */
export function ContactForm({
  blockList,
  actionData,
}: {
  blockList: readonly string[];
  actionData?: InquiryActionData;
}) {
  const navigate = useNavigate();
  const schema = useMemo(() => contactFormSchema(blockList), [blockList]);
  return (
    <InquiryForm
      schema={schema}
      actionData={actionData}
      label="Contact form"
      sent={{ title: CONTACT_SENT_TITLE, message: CONTACT_SENT }}
      failed={{ title: CONTACT_FAILED_TITLE, message: CONTACT_FAILED }}
      onSentClosed={() => void navigate("/home")}
      sentOnPage={() => (
        <Alert tone="success">
          {CONTACT_SENT}{" "}
          <a href="/home" className="underline underline-offset-2">
            Continue to the home page
          </a>
        </Alert>
      )}
    >
      {(fields, status) => (
        <>
          <InquirerNameFields fields={fields} />
          <InquirerEmailField fields={fields} />
          <InputField field={fields.subject} label={requiredLabel("Subject")} required />
          {/* Marked required as in the original template, which never enforced it (spec §5). */}
          <TextAreaInputField field={fields.message} label={requiredLabel("Message")} rows={6} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-650 text-xs">
              <RequiredMark /> Required. We reply within one business day.
            </p>
            <SubmitButton status={status} icon={<Send aria-hidden size={18} />} className="px-6 py-2.5">
              Send
            </SubmitButton>
          </div>
        </>
      )}
    </InquiryForm>
  );
}

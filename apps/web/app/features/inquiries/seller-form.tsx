import {
  SELLER_FAILED_TITLE,
  SELLER_INQUIRY_FAILED,
  SELLER_INQUIRY_SENT,
  sellerFormSchema,
  sellerThankYouTitle,
} from "@aea/domain";
import { Send } from "lucide-react";
import { Alert } from "../../components/ui/alert";
import { RequiredMark } from "../../components/ui/required-mark";
import { SubmitButton } from "../../components/ui/submit-button";
import { digitsOnlyInput } from "../../lib/forms/digits-only";
import { InputField, TextAreaInputField } from "../../lib/forms/fields";
import { InquirerEmailField, InquirerNameFields, type InquiryActionData, InquiryForm } from "./inquiry-form";

/**
 * "Sell your assets!" (spec §3, §5, §8): sent, it thanks the visitor by the firm's name and starts
 * over (spec §4).
 */
export function SellerForm({
  firmShortName,
  actionData,
}: {
  firmShortName: string;
  actionData?: InquiryActionData;
}) {
  const thanks = { title: sellerThankYouTitle(firmShortName), message: SELLER_INQUIRY_SENT };
  return (
    <InquiryForm
      schema={sellerFormSchema}
      actionData={actionData}
      label="Seller inquiry"
      sent={thanks}
      failed={{ title: SELLER_FAILED_TITLE, message: SELLER_INQUIRY_FAILED }}
      sentOnPage={(form) => (
        <>
          <Alert tone="success" className="mb-5">
            <span className="block font-semibold">{thanks.title}</span>
            {thanks.message}
          </Alert>
          {form}
        </>
      )}
    >
      {(fields, status) => (
        <>
          <InquirerNameFields fields={fields} />
          <InputField field={fields.company} label="Company" autoComplete="organization" />
          <div className="grid gap-5 sm:grid-cols-2">
            <InquirerEmailField fields={fields} />
            <InputField
              field={fields.phone}
              type="tel"
              label="Phone"
              autoComplete="tel"
              {...digitsOnlyInput}
            />
          </div>
          <TextAreaInputField
            field={fields.description}
            label="Tell us about the assets"
            hint="Location, interest type, production, anything that helps us prepare for the call."
            rows={5}
          />
          <SubmitButton
            status={status}
            icon={<Send aria-hidden size={18} />}
            className="w-full py-3 text-base"
          >
            Send inquiry
          </SubmitButton>
          <p className="text-center text-slate-650 text-xs">
            <RequiredMark /> Required. Your details go only to our divestiture team.
          </p>
        </>
      )}
    </InquiryForm>
  );
}

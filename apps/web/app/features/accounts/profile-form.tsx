import { type Profile, type ProfileField, profileSchema } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import type { TextFieldProps } from "../../components/ui/text-field";
import { digitsOnlyInput } from "../../lib/forms/digits-only";
import { InputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";

const legendClass = "font-semibold text-navy-900 text-sm uppercase tracking-wide";

/** The buyer's contact details and two addresses (spec §3 User profile); the email is read-only here. */
export function ProfileForm({
  profile,
  lastResult,
  status,
  emailHint = "Your login. To change it, contact us.",
}: {
  profile: Profile;
  lastResult?: SubmissionResult<string[]> | null;
  status: SubmitStatus;
  /** What the read-only email says about changing it (staff change it in a form of its own). */
  emailHint?: string;
}) {
  const [form, fields] = useSchemaForm(profileSchema, { lastResult, defaultValue: profile });
  const field = (name: ProfileField, label: string, extra: Partial<Omit<TextFieldProps, "type">> = {}) => (
    <InputField field={fields[name]} label={label} {...extra} />
  );

  const address = (prefix: "userRequested" | "companyLocation", legend: string) => (
    <fieldset className="space-y-4">
      <legend className={legendClass}>{legend}</legend>
      {field(`${prefix}Address`, "Street address", { autoComplete: "street-address", className: "mt-3" })}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-[minmax(0,1fr)_8rem_8rem]">
        {field(`${prefix}City`, "City", {
          autoComplete: "address-level2",
          className: "col-span-2 sm:col-span-1",
        })}
        {field(`${prefix}State`, "State", { autoComplete: "address-level1" })}
        {field(`${prefix}Zip`, "ZIP code", { autoComplete: "postal-code", ...digitsOnlyInput })}
      </div>
    </fieldset>
  );

  return (
    <Form method="post" {...formProps(form)} className="space-y-7">
      <input type="hidden" name="intent" value="profile" />
      <fieldset className="space-y-4">
        <legend className={legendClass}>Contact details</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {field("firstName", "First name", { required: true, autoComplete: "given-name" })}
          {field("lastName", "Last name", { required: true, autoComplete: "family-name" })}
          {field("companyName", "Company name", { autoComplete: "organization" })}
          {field("title", "Title", { autoComplete: "organization-title" })}
          <InputField field={fields.email} type="email" label="Email" readOnly hint={emailHint} />
          <InputField
            field={fields.contactPhone}
            type="tel"
            label="Contact phone"
            autoComplete="tel"
            {...digitsOnlyInput}
          />
        </div>
      </fieldset>
      {address("userRequested", "Mailing address")}
      {address("companyLocation", "Company location")}
      <div className="flex justify-end border-navy-100 border-t pt-5">
        <SubmitButton status={status}>Save profile</SubmitButton>
      </div>
    </Form>
  );
}

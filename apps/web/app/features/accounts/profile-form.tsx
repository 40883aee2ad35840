import { type Profile, profileSchema } from "@aea/domain";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Form } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { TextField, type TextFieldProps } from "../../components/ui/text-field";
import { allTouched, type FieldErrors, fieldErrorsOf } from "../../lib/form-fields";

export const PROFILE_FIELDS = [
  "companyName",
  "firstName",
  "lastName",
  "title",
  "email",
  "contactPhone",
  "userRequestedAddress",
  "userRequestedCity",
  "userRequestedState",
  "userRequestedZip",
  "companyLocationAddress",
  "companyLocationCity",
  "companyLocationState",
  "companyLocationZip",
] as const satisfies readonly (keyof Profile)[];
type Field = (typeof PROFILE_FIELDS)[number];

const legendClass = "font-semibold text-navy-900 text-sm uppercase tracking-wide";

/** The buyer's contact details and two addresses (spec §3 User profile); the email is read-only here. */
export function ProfileForm({
  profile,
  serverErrors,
  saving,
}: {
  profile: Profile;
  serverErrors?: FieldErrors;
  saving: boolean;
}) {
  const [values, setValues] = useState<Record<Field, string>>(profile);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [fromServer, setFromServer] = useState<FieldErrors>(serverErrors ?? {});
  useEffect(() => setFromServer(serverErrors ?? {}), [serverErrors]);
  const errors = fieldErrorsOf(profileSchema, values);

  const submit = (event: FormEvent) => {
    if (PROFILE_FIELDS.some((f) => errors[f])) {
      event.preventDefault();
      setTouched(allTouched(PROFILE_FIELDS));
    }
  };

  const field = (name: Field, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(e) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setFromServer((s) => ({ ...s, [name]: undefined }));
      }}
      onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
      error={touched[name] ? errors[name] : fromServer[name]}
      {...extra}
    />
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
        {field(`${prefix}Zip`, "ZIP code", { autoComplete: "postal-code", inputMode: "numeric" })}
      </div>
    </fieldset>
  );

  return (
    <Form method="post" noValidate onSubmit={submit} className="space-y-7">
      <input type="hidden" name="intent" value="profile" />
      <fieldset className="space-y-4">
        <legend className={legendClass}>Contact details</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {field("firstName", "First name", { required: true, autoComplete: "given-name" })}
          {field("lastName", "Last name", { required: true, autoComplete: "family-name" })}
          {field("companyName", "Company name", { autoComplete: "organization" })}
          {field("title", "Title", { autoComplete: "organization-title" })}
          {field("email", "Email", {
            readOnly: true,
            type: "email",
            hint: "Your login. To change it, contact us.",
          })}
          {field("contactPhone", "Contact phone", { type: "tel", autoComplete: "tel" })}
        </div>
      </fieldset>
      {address("userRequested", "Mailing address")}
      {address("companyLocation", "Company location")}
      <div className="flex justify-end border-navy-100 border-t pt-5">
        <button
          type="submit"
          disabled={saving}
          aria-busy={saving || undefined}
          className={buttonStyles.primary}
        >
          {saving ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
          Save profile
        </button>
      </div>
    </Form>
  );
}

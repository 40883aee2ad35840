import {
  COUNTRIES,
  countryName,
  LISTING_AGENT_FIELDS,
  LISTING_STATUS_CODES,
  LISTING_TEXT_FIELDS,
  type ListingTypeFlags,
  LocationId,
  listingFormSchema,
  listingTypeFlags,
  locationName,
  PLS_CODES,
  PRIVATE_DEAL_DATE_FIELDS,
  statusName,
} from "@aea/domain";
import { type FieldMetadata, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Save } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import { cardStyles } from "../../components/staff/card";
import { FieldFrame } from "../../components/ui/field-frame";
import { fieldStyles, selectStyles } from "../../components/ui/field-styles";
import { SubmitButton } from "../../components/ui/submit-button";
import { digitsOnlyInput } from "../../lib/forms/digits-only";
import {
  CheckboxInputField,
  FormErrors,
  firstError,
  InputField,
  TextAreaInputField,
} from "../../lib/forms/fields";
import { useUnsavedChanges } from "../../lib/forms/unsaved-changes";
import { formProps, useNavigationStatus, useSchemaForm } from "../../lib/forms/use-schema-form";

/** What the editor calls each field of §3 (the spec's own names in brackets where they are terse). */
const LABELS: Record<string, string> = {
  whr: "WHR",
  wht: "WHT",
  field: "Field",
  fld2: "Second field",
  obj1: "Objective 1",
  obj2: "Objective 2",
  methods: "Methods",
  C4: "Detail C4",
  C5: "Detail C5",
  C6: "Detail C6 (timing)",
  wi: "Working interest",
  prod: "Production",
  cashflow: "Cash flow (text)",
  C2: "Detail C2 (effective date)",
  reserves: "Reserves",
  other1: "Other 1",
  other2: "Other 2",
  agentName: "Name",
  agentTitle: "Title",
  agentCompanyName: "Company",
  agentContact: "Contact",
  agentBlurb: "Blurb",
  agentEmail: "Email",
  agentPhone: "Phone",
  agentDirectPhone: "Direct phone",
  agentAddress: "Address",
  agentCity: "City",
  agentState: "State",
  agentZip: "Zip",
  agentCountry2: "Country",
  openingDate: "Opening",
  deadlinePrequalification: "Prequalification deadline",
  deadlineDataroom: "Data room deadline",
  deadlineNotification: "Notification deadline",
  deadlineDate: "Bid deadline",
  closingDate: "Closing",
};

const LONG_TEXT = new Set(["whr", "wht", "methods", "reserves", "other1", "other2", "agentBlurb"]);

const TYPE_FLAG_LABELS: Record<keyof ListingTypeFlags, string> = {
  producing: "Producing",
  development: "Development",
  prospect: "Prospect",
  leasehold: "Leasehold",
  minerals: "Minerals",
  royalty: "Royalty",
  discovery: "Discovery",
  wanted: "Wanted",
  saltwater: "Salt water disposal",
  study: "Research study",
};

// biome-ignore lint/suspicious/noExplicitAny: a control binds to a field of any form.
type Field = FieldMetadata<any, any, string[]>;

function SelectField({
  field,
  label,
  options,
}: {
  field: Field;
  label: string;
  options: [string, string][];
}) {
  const { key, id: _id, ...props } = getSelectProps(field, { ariaAttributes: false });
  return (
    <FieldFrame label={label} error={firstError(field)}>
      {(control) => (
        <select key={key} {...control} {...props} className={`mt-1 ${selectStyles}`}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

function Section({ title, children, note }: { title: string; children: ReactNode; note?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={`${cardStyles} p-4 sm:p-6`}>
      <h2 id={id} className="font-semibold text-lg text-navy-900">
        {title}
      </h2>
      {note ? <p className="mt-1 text-slate-650 text-sm">{note}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

const wide = "sm:col-span-2";

/**
 * The staff listing editor (issue 14): every field of spec §3 in sections, checked by the domain's
 * schema in the browser and again by the page action. The form carries the version it was read at,
 * so a save over someone else's newer one is refused; leaving it edited asks first.
 */
export function ListingForm({
  creating,
  defaultValue,
  revision,
  lastResult,
  map,
}: {
  creating: boolean;
  defaultValue: Record<string, unknown>;
  /** Changes with every save: the form starts again from what was stored. */
  revision: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The pin map, given the form's id and told when it moved the pin. */
  map(formId: string, onMove: () => void): ReactNode;
}) {
  const unsaved = useUnsavedChanges(revision);
  const [form, fields] = useSchemaForm(listingFormSchema, {
    id: `listing-${revision}`,
    lastResult,
    defaultValue: defaultValue as never,
    onSubmit: () => unsaved.submitting(),
  });
  const [plsCode, setPlsCode] = useState(String(defaultValue.PLSCode ?? ""));
  const flags = listingTypeFlags(plsCode);
  const status = useNavigationStatus();
  const f = fields as unknown as Record<string, Field>;
  const text = (name: string, className?: string) =>
    LONG_TEXT.has(name) ? (
      <TextAreaInputField
        key={name}
        field={f[name]}
        label={LABELS[name]}
        rows={3}
        className={className ?? wide}
      />
    ) : (
      <InputField key={name} field={f[name]} label={LABELS[name]} className={className} />
    );
  const flag = (name: string, label: string) => (
    <CheckboxInputField key={name} field={f[name]} label={label} />
  );

  return (
    <Form method="post" {...formProps(form)} {...unsaved.formProps} className="space-y-6">
      <input type="hidden" name="version" value={String(defaultValue.version ?? "")} />
      <FormErrors errors={form.errors} />

      <Section title="Headline">
        {creating ? (
          <InputField field={f.ListingId} label="Listing number" {...digitsOnlyInput} />
        ) : (
          <input type="hidden" name="ListingId" value={String(defaultValue.ListingId)} />
        )}
        <InputField field={f.Header} label="Header" className={creating ? undefined : wide} />
        <div>
          <InputField
            field={f.PLSCode}
            label="PLS code"
            hint={`Deal-type codes (${PLS_CODES.join(", ")}), e.g. PP/DV`}
            onInput={(event) => setPlsCode(event.currentTarget.value)}
          />
        </div>
        <div aria-live="polite">
          <p className={fieldStyles.label} id="type-flags-label">
            Deal types from the PLS code
          </p>
          <ul aria-labelledby="type-flags-label" className="mt-2 flex flex-wrap gap-1.5">
            {(Object.keys(TYPE_FLAG_LABELS) as (keyof ListingTypeFlags)[]).map((name) => (
              <li
                key={name}
                className={`rounded-full px-2.5 py-0.5 text-xs ${flags[name] ? "bg-navy-800 font-semibold text-white" : "bg-navy-50 text-slate-650 line-through"}`}
              >
                {TYPE_FLAG_LABELS[name]}
                <span className="sr-only">{flags[name] ? ": yes" : ": no"}</span>
              </li>
            ))}
          </ul>
        </div>
        <SelectField
          field={f.status}
          label="Status"
          options={LISTING_STATUS_CODES.map((code) => [
            code,
            code === "PRE-MARKETING" ? "Pre-Marketing" : statusName(code),
          ])}
        />
        <InputField
          field={f.webStatus}
          label="Web status"
          hint="Left empty: the status's own (Active, Sold, …)"
        />
        {text("cashflow")}
        <InputField field={f.CF} label="Cash flow (US$ a month, for sorting)" inputMode="decimal" />
      </Section>

      <Section title="Deal text">
        {LISTING_TEXT_FIELDS.filter((name) => name !== "cashflow").map((name) => text(name))}
      </Section>

      <Section title="Location">
        <InputField field={f.region} label="Region" />
        <InputField field={f.area} label="Area" />
        <InputField field={f.basin} label="Basin" />
        <InputField field={f.play} label="Play" />
        <InputField field={f.location} label="Location (e.g. county, state)" />
        <SelectField
          field={f.locationId}
          label="Country"
          options={Object.values(LocationId).map((id) => [String(id), locationName(id) ?? String(id)])}
        />
        <InputField field={f.areaId} label="Area id" {...digitsOnlyInput} />
        <div className="hidden sm:block" />
        <InputField field={f.latitude} label="Latitude" inputMode="decimal" hint="-90 to 90, e.g. 31.95" />
        <InputField
          field={f.longitude}
          label="Longitude"
          inputMode="decimal"
          hint="-180 to 180, e.g. -102.05"
        />
        <div className={wide}>{map(form.id, unsaved.markDirty)}</div>
      </Section>

      <Section title="Kind, size and country">
        {flag("isPrivate", "Private deal (only granted buyers see it)")}
        {flag("isStudy", "Research study")}
        {flag("small", "Small deal")}
        {flag("medium", "Medium deal")}
        {flag("large", "Large deal")}
        {COUNTRIES.map((country) => flag(country, countryName(country)))}
      </Section>

      <Section title="Web settings and dates">
        {flag("IsActiveDeal", "Active deal")}
        {flag("isPreMarketing", "Pre-marketing")}
        {flag("isSalesLeadOnly", "Sales lead only")}
        {flag("isHiredNowPackaging", "Hired, now packaging")}
        {flag("showEmailForListingFiles", "Email for listing files")}
        <div className="hidden sm:block" />
        <InputField field={f.dateListed} label="Date listed" type="date" />
        <InputField field={f.LastUpdatedDate} label="Last updated" type="date" />
      </Section>

      <Section title="Buy Now and price">
        {flag("buyNow", "Buy Now offered")}
        <InputField field={f.projectedSalePrice} label="Projected sale price (US$)" inputMode="decimal" />
      </Section>

      <Section title="Data room">
        {flag("hasVDR", "Has a data room")}
        {flag("requiresDueDiligenceAccess", "Requires an access code")}
        {flag("showListingFiles", "Show listing files")}
        <div className="hidden sm:block" />
        <InputField field={f.docusignTemplateId} label="DocuSign template id" />
        <InputField field={f.comboCurveProjectId} label="ComboCurve project id" />
      </Section>

      <Section title="Agent">
        <InputField field={f.agentId} label="Agent id" {...digitsOnlyInput} />
        {LISTING_AGENT_FIELDS.map((name) => text(name, LONG_TEXT.has(name) ? wide : undefined))}
      </Section>

      <Section title="Private-deal extras" note="Kept only while the listing is a private deal.">
        <InputField field={f.folder} label="Folder" />
        <InputField field={f.passcode} label="Passcode" />
        <TextAreaInputField field={f.comments} label="Comments" rows={3} className={wide} />
        {PRIVATE_DEAL_DATE_FIELDS.map((name) => (
          <InputField key={name} field={f[name]} label={LABELS[name]} type="date" />
        ))}
        <InputField field={f.salutation} label="Salutation" />
        <InputField field={f.fname} label="First name" />
        <InputField field={f.lname} label="Last name" />
        <InputField field={f.email} label="Email" type="email" />
        <InputField field={f.phone} label="Phone" type="tel" {...digitsOnlyInput} />
        <InputField field={f.companyName} label="Company" />
        <InputField field={f.website} label="Website" />
        <InputField field={f.address} label="Address" />
        <InputField field={f.contactUserId} label="Contact user id" {...digitsOnlyInput} />
        <InputField field={f.companyId} label="Company id" {...digitsOnlyInput} />
        {flag("hideSimilarDeals", "Hide similar deals")}
      </Section>

      <div className="sticky bottom-0 -mx-4 flex items-center gap-3 border-navy-100 border-t bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border">
        <SubmitButton status={status} icon={<Save aria-hidden size={18} />}>
          {creating ? "Create listing" : "Save listing"}
        </SubmitButton>
        {unsaved.dirty ? <span className="text-slate-650 text-sm">Unsaved changes</span> : null}
      </div>
      {unsaved.dialog}
    </Form>
  );
}

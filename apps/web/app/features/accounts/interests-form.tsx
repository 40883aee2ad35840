import {
  ASSET_TYPES,
  buyerAssetKey,
  INTEREST_REGIONS,
  type Interests,
  interestsSchema,
  PRODUCTION_INTERESTS,
  sellerAssetKey,
} from "@aea/domain";
import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { CheckboxInputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";

const legendClass = "font-semibold text-navy-900 text-sm uppercase tracking-wide";
const boxClass = "size-4 cursor-pointer rounded border-slate-300 accent-navy-700";

/** What the buyer buys and sells, what production they want and where (spec §3 User interests). */
export function InterestsForm({
  interests,
  lastResult,
  status,
}: {
  interests: Interests;
  lastResult?: SubmissionResult<string[]> | null;
  status: SubmitStatus;
}) {
  const [form, fields] = useSchemaForm(interestsSchema, { lastResult, defaultValue: interests });
  // biome-ignore lint/suspicious/noExplicitAny: every flag is a field of the same boolean kind.
  const box = (field: FieldMetadata<any, any, string[]>, label: string) => {
    const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: false });
    return <input key={key} {...props} aria-label={label} className={boxClass} />;
  };
  return (
    <Form method="post" {...formProps(form)} className="space-y-7">
      <input type="hidden" name="intent" value="interests" />
      <fieldset>
        <legend className={legendClass}>Asset types</legend>
        <div className="mt-3 overflow-hidden rounded-md border border-navy-100">
          <table className="w-full text-sm">
            <thead className="bg-navy-50 text-left text-navy-900">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Asset type
                </th>
                <th scope="col" className="w-20 px-3 py-2 text-center font-semibold">
                  I buy
                </th>
                <th scope="col" className="w-20 px-3 py-2 text-center font-semibold">
                  I sell
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-navy-100">
              {ASSET_TYPES.map((type) => (
                <tr key={type.key} className="hover:bg-navy-50/60">
                  <th scope="row" className="px-3 py-2 text-left font-normal text-navy-900">
                    {type.label}
                  </th>
                  <td className="px-3 py-2 text-center">
                    {box(fields[buyerAssetKey(type.key)], `I buy ${type.label}`)}
                  </td>
                  <td className="px-3 py-2 text-center">
                    {box(fields[sellerAssetKey(type.key)], `I sell ${type.label}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>Production</legend>
        <div className="mt-3 grid gap-x-6 gap-y-2.5 sm:grid-cols-2 xl:grid-cols-3">
          {PRODUCTION_INTERESTS.map((p) => (
            <CheckboxInputField key={p.key} field={fields[p.key]} label={p.label} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>Regions</legend>
        <div className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2.5 xl:grid-cols-3">
          {INTEREST_REGIONS.map((region) => (
            <RegionCheckbox key={region} field={fields.selectedRegions} region={region} />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end border-navy-100 border-t pt-5">
        <SubmitButton status={status}>Save interests</SubmitButton>
      </div>
    </Form>
  );
}

/** One region's box of the regions list (all share the field `selectedRegions`). */
// biome-ignore lint/suspicious/noExplicitAny: the list field of the interests form.
function RegionCheckbox({ field, region }: { field: FieldMetadata<any, any, string[]>; region: string }) {
  const {
    key,
    id: _id,
    ...props
  } = getInputProps(field, { type: "checkbox", value: region, ariaAttributes: false });
  return <Checkbox key={key} {...props} label={region} />;
}

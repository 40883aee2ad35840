import {
  ASSET_TYPES,
  buyerAssetKey,
  INTEREST_REGIONS,
  type Interests,
  interestsSchema,
  PRODUCTION_INTERESTS,
  sellerAssetKey,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Checkbox } from "../../components/ui/checkbox";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
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
  const [form] = useSchemaForm(interestsSchema, { lastResult, defaultValue: interests });
  // Plain uncontrolled boxes: ticks carry no messages, and binding each of some forty boxes through
  // Conform's field metadata was a fifth of the profile page's render time. Conform still reads them
  // from the form on submit, and parses "on" as true.
  const box = (name: keyof Interests, label: string) => (
    <input
      type="checkbox"
      name={name}
      defaultChecked={interests[name] === true}
      aria-label={label}
      className={boxClass}
    />
  );
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
                    {box(buyerAssetKey(type.key), `I buy ${type.label}`)}
                  </td>
                  <td className="px-3 py-2 text-center">
                    {box(sellerAssetKey(type.key), `I sell ${type.label}`)}
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
            <Checkbox key={p.key} name={p.key} defaultChecked={interests[p.key] === true} label={p.label} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>Regions</legend>
        <div className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2.5 xl:grid-cols-3">
          {INTEREST_REGIONS.map((region) => (
            <Checkbox
              key={region}
              name="selectedRegions"
              value={region}
              defaultChecked={interests.selectedRegions.includes(region)}
              label={region}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end border-navy-100 border-t pt-5">
        <SubmitButton status={status}>Save interests</SubmitButton>
      </div>
    </Form>
  );
}

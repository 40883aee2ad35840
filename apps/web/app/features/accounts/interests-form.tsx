import {
  ASSET_TYPES,
  buyerAssetKey,
  INTEREST_REGIONS,
  type Interests,
  PRODUCTION_INTERESTS,
  sellerAssetKey,
} from "@aea/domain";
import { LoaderCircle } from "lucide-react";
import { Form } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { Checkbox } from "../../components/ui/checkbox";

/** Every flag of the interests form, in the order a submitted form is read. */
export const INTEREST_FLAGS = [
  ...ASSET_TYPES.flatMap((t) => [buyerAssetKey(t.key), sellerAssetKey(t.key)]),
  ...PRODUCTION_INTERESTS.map((p) => p.key),
] as const;

/** The interests as a submitted form carries them (checked boxes send "on"). */
export function interestsFromForm(form: FormData): Record<string, unknown> {
  return {
    ...Object.fromEntries(INTEREST_FLAGS.map((key) => [key, form.get(key) === "on"])),
    selectedRegions: form.getAll("selectedRegions").filter((v) => typeof v === "string"),
  };
}

const legendClass = "font-semibold text-navy-900 text-sm uppercase tracking-wide";
const boxClass = "size-4 cursor-pointer rounded border-slate-300 accent-navy-700";

/** What the buyer buys and sells, what production they want and where (spec §3 User interests). */
export function InterestsForm({ interests, saving }: { interests: Interests; saving: boolean }) {
  return (
    <Form method="post" className="space-y-7">
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
                    <input
                      type="checkbox"
                      name={buyerAssetKey(type.key)}
                      aria-label={`I buy ${type.label}`}
                      defaultChecked={interests[buyerAssetKey(type.key)]}
                      className={boxClass}
                    />
                  </td>
                  <td className="px-3 py-2 text-center">
                    <input
                      type="checkbox"
                      name={sellerAssetKey(type.key)}
                      aria-label={`I sell ${type.label}`}
                      defaultChecked={interests[sellerAssetKey(type.key)]}
                      className={boxClass}
                    />
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
            <Checkbox key={p.key} name={p.key} label={p.label} defaultChecked={interests[p.key]} />
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
              label={region}
              defaultChecked={interests.selectedRegions.includes(region)}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end border-navy-100 border-t pt-5">
        <button
          type="submit"
          disabled={saving}
          aria-busy={saving || undefined}
          className={buttonStyles.primary}
        >
          {saving ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
          Save interests
        </button>
      </div>
    </Form>
  );
}

import type { UserDetail } from "@aea/core/types";
import { ASSET_TYPES, buyerAssetKey, PRODUCTION_INTERESTS, sellerAssetKey } from "@aea/domain";
import type { ReactNode } from "react";
import { Section } from "../../components/staff/card";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2">
      <dt className="font-medium text-navy-900">{term}</dt>
      <dd className="text-slate-650">{children}</dd>
    </div>
  );
}

/** What the account said it buys, sells and where. */
export function InterestsSection({ detail }: { detail: UserDetail }) {
  const { interests } = detail;
  const buys = ASSET_TYPES.filter((t) => interests[buyerAssetKey(t.key)]).map((t) => t.label);
  const sells = ASSET_TYPES.filter((t) => interests[sellerAssetKey(t.key)]).map((t) => t.label);
  const production = PRODUCTION_INTERESTS.filter((p) => interests[p.key]).map((p) => p.label);
  return (
    <Section id="interests-title" title="Interests">
      <dl className="grid gap-2 text-sm">
        <Fact term="Buys">{buys.join(", ") || "None chosen"}</Fact>
        <Fact term="Sells">{sells.join(", ") || "None chosen"}</Fact>
        <Fact term="Production">{production.join(", ") || "None chosen"}</Fact>
        <Fact term="Regions">{interests.selectedRegions.join(", ") || "None chosen"}</Fact>
      </dl>
    </Section>
  );
}

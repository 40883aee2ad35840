import { DEALS_PUBLIC_PATH, dealsHref, parseDealQuery, toggleDealSize } from "@aea/domain";
import { useLocation } from "react-router";
import { DealSizeToggles } from "./deal-size-toggles";
import { HeaderFilterTokens } from "./filter-tokens";

/** On a deal list: the size toggles keep the other filters (on /deals/public), and the active filters' tokens. */
export function DealListHeaderTools() {
  const location = useLocation();
  const onDeals = location.pathname === DEALS_PUBLIC_PATH;
  const query = parseDealQuery(new URLSearchParams(onDeals ? location.search : ""));
  return (
    <>
      <DealSizeToggles
        hrefFor={(size) => dealsHref({ ...toggleDealSize(query, size), page: 1 })}
        isOn={(size) => query.dealSize.includes(size)}
      />
      <HeaderFilterTokens />
    </>
  );
}

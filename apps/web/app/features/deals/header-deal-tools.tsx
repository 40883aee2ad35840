import { useLocation } from "react-router";
import { island } from "../../lib/island";
import { DEAL_LIST_PATHS } from "./deal-list-header";
import { DealSizeToggles } from "./deal-size-toggles";

// The deal lists' tools (size toggles that keep the filters, filter tokens) need the deal query's
// engine: only a deal list loads them, after its first load, as the header's own island (decision 037).
const DealListHeaderTools = island(() =>
  import("./deal-list-header-tools").then((m) => m.DealListHeaderTools),
);

/** The header's deal sizes and View On Map; on a deal list, its own tools (with the filter tokens). */
export function HeaderDealTools() {
  const { pathname } = useLocation();
  return DEAL_LIST_PATHS.has(pathname) ? <DealListHeaderTools /> : <DealSizeToggles />;
}

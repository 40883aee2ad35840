import { useLocation } from "react-router";
import { dealListHeaderToolsFor } from "./deal-list-header";
import { DealSizeToggles } from "./deal-size-toggles";

/** The header's deal sizes and View On Map; on a deal list, its own tools (with the filter tokens). */
export function HeaderDealTools() {
  const { pathname } = useLocation();
  const ListTools = dealListHeaderToolsFor(pathname);
  return ListTools ? <ListTools /> : <DealSizeToggles />;
}

import type { ComponentType } from "react";

/**
 * The deal lists' part of the header's search bar (size toggles that keep the filters, filter tokens):
 * it needs the deal query's engine, so the deal list pages bring it with their own code
 * (deal-list-header-tools.tsx, imported by DealsBrowser) and every other page's header goes without.
 * A route module is loaded before its page renders, so the header has it at hydration and never flickers.
 */
let dealListHeaderTools: ComponentType | undefined;

export function provideDealListHeaderTools(tools: ComponentType): void {
  dealListHeaderTools = tools;
}

/** The pages that list deals with filters (DealsBrowser). */
export const DEAL_LIST_PATHS: ReadonlySet<string> = new Set([
  "/deals/public",
  "/deals/research",
  "/deals/private",
]);

/** The deal list's header tools on a deal list page, undefined elsewhere. */
export function dealListHeaderToolsFor(pathname: string): ComponentType | undefined {
  return DEAL_LIST_PATHS.has(pathname) ? dealListHeaderTools : undefined;
}

import { isClosing, isSold, listingStatusName } from "@aea/domain";
import type { MapDeal } from "./map-deal";
import { mapColors } from "./offline-style";

/** The popup of the deals at one spot. */

/** The popup lists deals at one spot (it scrolls); past this many it only counts the rest. */
const POPUP_MAX_DEALS = 25;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Popup content, built with textContent only: deal text never reaches innerHTML. */
export function popupContent(deals: MapDeal[], mapHeight: number): HTMLElement {
  const root = element("div", "min-w-56 overflow-y-auto font-sans text-navy-900 text-sm");
  // Short enough to fit above or below the deal on a short map; longer lists scroll.
  root.style.maxHeight = `${Math.round(Math.max(150, Math.min(300, mapHeight / 2 - 36)))}px`;
  for (const deal of deals.slice(0, POPUP_MAX_DEALS)) {
    const sold = isSold(deal);
    const article = element("article", "border-navy-100 border-t px-4 py-3 first:border-t-0");
    const status = element(
      "p",
      "mb-1 flex items-center gap-1.5 pr-7 font-semibold text-[11px] text-slate-650 uppercase tracking-wide",
    );
    const dot = element("span", "inline-block size-2 rounded-full");
    dot.style.backgroundColor = sold
      ? mapColors.soldDeal
      : isClosing(deal)
        ? mapColors.closingDeal
        : mapColors.activeDeal;
    dot.setAttribute("aria-hidden", "true");
    status.append(dot, listingStatusName(deal));
    const header = element("p", "pr-6 font-semibold text-[15px] text-navy-900 leading-snug", deal.Header);
    const facts = element("dl", "mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-[13px]");
    const rows: [string, string][] = [];
    if (deal.location) rows.push(["Location", deal.location]);
    if (deal.PLSCode) rows.push(["PLS code", deal.PLSCode]);
    for (const [term, value] of rows) {
      facts.append(element("dt", "text-slate-650", term), element("dd", "font-medium", value));
    }
    const link = element(
      "a",
      "mt-2.5 inline-flex items-center gap-1 rounded-md bg-amber-500 px-3 py-1.5 font-semibold text-[13px] text-navy-950 no-underline hover:bg-amber-600",
      "View deal",
    );
    link.href = `/deals/${encodeURIComponent(String(deal.ListingId))}`;
    const arrow = element("span", "", "→");
    arrow.setAttribute("aria-hidden", "true");
    link.append(arrow);
    article.append(status, header);
    if (rows.length > 0) article.append(facts);
    article.append(link);
    root.append(article);
  }
  if (deals.length > POPUP_MAX_DEALS) {
    root.append(
      element(
        "p",
        "border-navy-100 border-t px-4 py-2 text-[13px] text-slate-650",
        `and ${deals.length - POPUP_MAX_DEALS} more here.`,
      ),
    );
  }
  return root;
}

// "!" where maplibre-gl.css sets the same property: its rules are unlayered, so they beat Tailwind's layers.
export const POPUP_CLASS = [
  "[&_.maplibregl-popup-content]:overflow-hidden",
  "[&_.maplibregl-popup-content]:rounded-card!",
  "[&_.maplibregl-popup-content]:p-0!",
  "[&_.maplibregl-popup-content]:shadow-raised!",
  "[&_.maplibregl-popup-close-button]:size-8",
  "[&_.maplibregl-popup-close-button]:rounded-md!",
  "[&_.maplibregl-popup-close-button]:text-xl",
  "[&_.maplibregl-popup-close-button]:text-slate-650",
].join(" ");

import { DEAL_TYPE_MENU, dealTypeHref, TOP_MENU } from "@aea/domain";

export interface NavLinkItem {
  label: string;
  to: string;
  external?: boolean;
}

export const assignmentLinks: NavLinkItem[] = [
  { label: "All Assignments", to: "/deals/public" },
  ...DEAL_TYPE_MENU.map((type) => ({ label: type.title, to: dealTypeHref(type.queryValue) })),
];

export const pitchbookLinks: NavLinkItem[] = [
  { label: "Products & Services", to: "/pitchbooks/products-services" },
  { label: "Tombstones", to: "/pitchbooks/tombstones" },
  { label: "Capabilities Pitchbook", to: "/pitchbooks/capabilities-pitchbook" },
];

export const resourceLinks: NavLinkItem[] = [
  { label: "Marketplace", to: "/resources/marketplace" },
  { label: "Posts", to: "/resources/posts/all" },
  { label: "Press Releases", to: "/resources/press-releases" },
];

export const aboutLinks: NavLinkItem[] = [
  { label: "Home", to: "/home" },
  { label: "Our Team", to: "/team" },
  { label: "Contact", to: "/contact-us" },
  { label: "Sell Your Assets", to: "/seller" },
];

/** Public research and tools the firm points buyers to (external sites). */
export const priorResearchLinks: NavLinkItem[] = [
  { label: "Research Deals", to: "/deals/research" },
  { label: "EIA Drilling Productivity", to: "https://www.eia.gov/petroleum/drilling/", external: true },
  { label: "Baker Hughes Rig Count", to: "https://rigcount.bakerhughes.com/", external: true },
  { label: "Texas RRC Well Records", to: "https://www.rrc.texas.gov/", external: true },
];

/** The top menu of §2 in order; Assignments and Resources open a list. Private VDR joins for entitled users. */
export const topMenu: Array<NavLinkItem & { children?: NavLinkItem[] }> = [
  { label: TOP_MENU.home, to: "/home" },
  { label: TOP_MENU.research, to: "/deals/research" },
  { label: TOP_MENU.assignments, to: "/deals/public", children: assignmentLinks },
  { label: TOP_MENU.services, to: "/services" },
  { label: TOP_MENU.pitchbooks, to: "/pitchbooks/products-services", children: pitchbookLinks },
  { label: TOP_MENU.resources, to: "/resources/marketplace", children: resourceLinks },
  { label: TOP_MENU.iBuy, to: "/buyer/signup" },
  { label: TOP_MENU.iSell, to: "/seller" },
  { label: TOP_MENU.contact, to: "/contact-us" },
];

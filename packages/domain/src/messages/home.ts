// Home page (§2)
export const HOME_RESEARCH = "Research";
export const HOME_ALL_ASSIGNMENTS = "All Assignments";
export const HOME_SEARCH_BY_MAP = "Search By Map";
export const KEY_ITEMS_TITLE = "Four Decades Successfully Marketing Oil & Gas Properties";
export const KEY_ITEM_CARDS: readonly { title: string; figure: string; href: string }[] = [
  { title: "Largest Buyer Network", figure: "~$9.0B transacted", href: "/pitchbooks/products-services" },
  { title: "Most Experienced Team", figure: ">300yrs", href: "/team" },
  { title: "Proven Processes", figure: "1,000s of closings", href: "/pitchbooks/tombstones" },
  { title: "Are You A Buyer?", figure: "Register Now", href: "/buyer/signup" },
];
export const CURRENT_ASSIGNMENTS = "Current Assignments";
export const DIVESTMENT_SERVICES_TITLE = "Specializing in Divestment Services";
export const DIVESTMENT_SERVICES: readonly string[] = [
  "Premier Packaging",
  "Data Room Hosting",
  "Aggressive Marketing",
  "Unparalleled Outreach",
  "Personal Touch",
];
export const NON_CORE_ASSETS_CALL_TO_ACTION = "Turn Non-Core Oil & Gas Assets Into Cash";
export const TECHNICAL_SERVICES = "Technical Services";
export const LEARN_MORE = "Learn More";

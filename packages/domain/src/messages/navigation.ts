// Header, menus and navigation (§2)
export const SEARCH_PLACEHOLDER = "Search Assignments";
export const VIEW_ON_MAP = "View On Map";
export const LOGIN = "Login";
export const LOG_IN = "Log in";
export const LOG_OUT = "Log out";
export const PRIVATE_VDR = "Private VDR";
export const TOP_MENU = {
  home: "Home",
  research: "Research",
  assignments: "Assignments",
  privateVdr: PRIVATE_VDR,
  services: "Services",
  pitchbooks: "Pitchbooks",
  resources: "Resources",
  iBuy: "iBuy",
  iSell: "iSell",
  contact: "Contact",
} as const;
export const USER_MENU = {
  mgmtDash: "Mgmt Dash",
  users: "Users",
  reorderDeals: "Reorder Deals",
  downloadDeals: "Download Deals",
  similarDeals: "Similar Deals",
  privateVdr: "Private VDR",
  analysis: "Analysis",
  buyerProfile: "Buyer Profile",
  updatePassword: "Update Password",
  logout: "Logout",
} as const;
export const SIDE_MENU_SECTIONS = {
  currentAssignments: "Current Assignments",
  about: "About",
  pitchbooks: "Pitchbooks",
  profile: "Profile",
  services: "Services",
  priorResearchAndTools: "Prior Research and Tools",
} as const;
export const PRIVATE_OPPORTUNITIES = "Private Opportunities";

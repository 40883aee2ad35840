/**
 * The fictional deal team of Anticline Energy Advisors. Phone numbers use the
 * 555-01xx range reserved for fiction; e-mail addresses use the .test domain.
 */
import type { Region } from "./basins.ts";

export const FIRM_NAME = "Anticline Energy Advisors";

export const FIRM_OFFICE = {
  address: "1200 Smith Street, Suite 2600",
  city: "Houston",
  state: "TX",
  zip: "77002",
  country2: "US",
  phone: "(713) 555-0100",
} as const;

export interface DemoAgent {
  agentId: number;
  name: string;
  title: string;
  email: string;
  directPhone: string;
  mobilePhone: string;
  blurb: string;
  /** Regions this agent covers; deals are assigned to a covering agent where there is one. */
  regions: readonly Region[];
}

export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    agentId: 1,
    name: "Caroline Whitfield",
    title: "Managing Director",
    email: "caroline.whitfield@anticline.test",
    directPhone: "(713) 555-0111",
    mobilePhone: "(832) 555-0121",
    blurb:
      "Caroline leads the firm's Permian practice and has advised on more than $4 billion of upstream divestitures. Before joining Anticline she spent twelve years as a reservoir engineer in Midland.",
    regions: ["Permian"],
  },
  {
    agentId: 2,
    name: "Marcus Delacroix",
    title: "Managing Director",
    email: "marcus.delacroix@anticline.test",
    directPhone: "(713) 555-0112",
    mobilePhone: "(832) 555-0122",
    blurb:
      "Marcus runs Gulf Coast and offshore shelf transactions. A Louisiana native, he has marketed producing properties from the Frio trend to the Eugene Island blocks for over two decades.",
    regions: ["Gulf Coast"],
  },
  {
    agentId: 3,
    name: "Hannah Okafor",
    title: "Director, Minerals & Royalties",
    email: "hannah.okafor@anticline.test",
    directPhone: "(713) 555-0113",
    mobilePhone: "(832) 555-0123",
    blurb:
      "Hannah heads the minerals and royalty desk, pricing NRA packages across every major basin. She previously managed a family mineral trust portfolio and holds a CFA charter.",
    regions: ["Ark-La-Tex", "East Texas"],
  },
  {
    agentId: 4,
    name: "Wade Thornton",
    title: "Vice President, Midcontinent",
    email: "wade.thornton@anticline.test",
    directPhone: "(713) 555-0114",
    mobilePhone: "(405) 555-0124",
    blurb:
      "Wade covers the Anadarko, Arkoma and Fort Worth basins from the firm's Houston office. He started his career as a landman in Oklahoma City and knows the SCOOP and STACK spacing units by heart.",
    regions: ["Midcontinent"],
  },
  {
    agentId: 5,
    name: "Elena Vasquez",
    title: "Vice President, Rockies & Williston",
    email: "elena.vasquez@anticline.test",
    directPhone: "(713) 555-0115",
    mobilePhone: "(303) 555-0125",
    blurb:
      "Elena advises sellers in the DJ, Powder River, Uinta, San Juan and Williston basins. She is a petroleum geologist by training and spent eight years in Denver in business development.",
    regions: ["Rockies", "Williston"],
  },
  {
    agentId: 6,
    name: "Thomas Brennan",
    title: "Director, Appalachia",
    email: "thomas.brennan@anticline.test",
    directPhone: "(713) 555-0116",
    mobilePhone: "(412) 555-0126",
    blurb:
      "Tom covers Marcellus, Utica and conventional Appalachian gas. He has sold everything from shallow stripper-well packages to multi-pad Marcellus positions with firm transport.",
    regions: ["Appalachia"],
  },
  {
    agentId: 7,
    name: "Priya Raman",
    title: "Director, International & Canada",
    email: "priya.raman@anticline.test",
    directPhone: "(713) 555-0117",
    mobilePhone: "(832) 555-0127",
    blurb:
      "Priya leads cross-border mandates in Western Canada, the UK North Sea, Latin America and North Africa, coordinating data rooms and buyer outreach across time zones.",
    regions: ["Canada", "International", "Alaska"],
  },
  {
    agentId: 8,
    name: "Jake Holloway",
    title: "Vice President, Engineering",
    email: "jake.holloway@anticline.test",
    directPhone: "(713) 555-0118",
    mobilePhone: "(832) 555-0128",
    blurb:
      "Jake builds the reserve reports, type curves and PV10 models behind the firm's marketing packages. He spent a decade in reservoir engineering at a large independent.",
    regions: ["California", "Permian"],
  },
  {
    agentId: 9,
    name: "Rebecca Lindqvist",
    title: "Associate",
    email: "rebecca.lindqvist@anticline.test",
    directPhone: "(713) 555-0119",
    mobilePhone: "(832) 555-0129",
    blurb:
      "Rebecca runs buyer outreach, data-room access and bid logistics on the firm's sealed-bid and negotiated processes.",
    regions: ["Gulf Coast", "East Texas"],
  },
];

/** An agent covering the region (chosen with `pick`), or any agent when none covers it. */
export function agentsForRegion(region: Region): readonly DemoAgent[] {
  const covering = DEMO_AGENTS.filter((a) => a.regions.includes(region));
  return covering.length > 0 ? covering : DEMO_AGENTS;
}

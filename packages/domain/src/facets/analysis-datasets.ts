import { ASSET_TYPES, INTEREST_REGIONS, PRODUCTION_INTERESTS } from "../accounts/interests.ts";
import { DEAL_ALERT_FREQUENCIES } from "../deal-alerts/deal-alerts.ts";
import {
  DATE_BUCKETS,
  type FacetDataset,
  type FacetDefinition,
  type FacetDefinitionOption,
  type FacetType,
} from "./facet-definition.ts";

/** The products of a buyer's interests; the other production flags are production kinds. */
export const PRODUCT_KEYS = ["oil", "gas", "ngl"] as const;

const options = (list: readonly { key: string; label: string }[]): FacetDefinitionOption[] =>
  list.map(({ key, label }) => ({ key, query: key, display: label }));
const yesNo = (yes: string, no: string): FacetDefinitionOption[] => [
  { key: "true", query: "true", display: yes },
  { key: "false", query: "false", display: no },
];
const bins = (n: number): FacetDefinitionOption[] => [
  { key: "bins", query: String(n), display: `${n} bars` },
];

function facet(
  name: string,
  type: FacetType,
  display: string,
  more: Partial<FacetDefinition> = {},
): FacetDefinition {
  return {
    name,
    type,
    field: name,
    display,
    shortDisplay: display,
    functionType: "count",
    facetOptions: type === "date" ? DATE_BUCKETS : [],
    ...more,
  };
}

/**
 * Every buyer account as one flat document (issue 22): who they are, their interests (spec §3), their
 * deal-alert choice and what they did on the site (likes, grants, agreements, data rooms, files sent).
 */
export const PARTICIPANT_DATASET: FacetDataset = {
  key: "participant",
  display: "Buyers",
  fields: {
    id: "number",
    name: "text",
    email: "text",
    company: "keyword",
    title: "keyword",
    city: "keyword",
    state: "keyword",
    verified: "boolean",
    createdAt: "date",
    lastLoginAt: "date",
    buys: "keywords",
    sells: "keywords",
    products: "keywords",
    productionKinds: "keywords",
    regions: "keywords",
    dealAlerts: "keyword",
    likesCount: "number",
    privateDealGrants: "number",
    dataRoomGrants: "number",
    agreementsSigned: "number",
    lastAgreementAt: "date",
    foldersOpened: "number",
    previews: "number",
    downloads: "number",
    lastDataRoomVisit: "date",
    secureFilesSent: "number",
  },
  facets: [
    facet("verified", "checkbox", "Verified", { facetOptions: yesNo("Verified", "Not verified") }),
    facet("buys", "checkbox", "Buys", { facetOptions: options(ASSET_TYPES) }),
    facet("sells", "checkbox", "Sells", { facetOptions: options(ASSET_TYPES) }),
    facet("products", "checkbox", "Products", {
      facetOptions: options(
        PRODUCTION_INTERESTS.filter((p) => (PRODUCT_KEYS as readonly string[]).includes(p.key)),
      ),
    }),
    facet("productionKinds", "checkbox", "Production", {
      shortDisplay: "Production",
      facetOptions: options(
        PRODUCTION_INTERESTS.filter((p) => !(PRODUCT_KEYS as readonly string[]).includes(p.key)),
      ),
    }),
    facet("regions", "checkbox", "Regions", {
      facetOptions: INTEREST_REGIONS.map((r) => ({ key: r, query: r, display: r })),
    }),
    facet("company", "checkbox", "Company"),
    facet("state", "checkbox", "State"),
    facet("title", "checkbox", "Title"),
    facet("dealAlerts", "single", "Deal alerts", {
      facetOptions: DEAL_ALERT_FREQUENCIES.map((f) => ({ key: f.value, query: f.value, display: f.label })),
    }),
    facet("agreementsSigned", "range", "Agreements signed", {
      shortDisplay: "Agreements",
      facetOptions: bins(20),
    }),
    facet("downloads", "range", "Data-room downloads", { shortDisplay: "Downloads", facetOptions: bins(20) }),
    facet("likesCount", "range", "Deals liked", { shortDisplay: "Likes", facetOptions: bins(20) }),
    facet("createdAt", "date", "Joined", { functionType: "stats:downloads" }),
    facet("lastLoginAt", "date", "Last login", { functionType: "stats:downloads" }),
    facet("lastAgreementAt", "date", "Last agreement signed", {
      shortDisplay: "Last agreement",
      functionType: "stats:agreementsSigned",
    }),
    facet("lastDataRoomVisit", "date", "Last data-room visit", {
      shortDisplay: "Last visit",
      functionType: "stats:downloads",
    }),
    facet("joinedYear", "year", "Year joined", { field: "createdAt", shortDisplay: "Year" }),
  ],
};

/** Every listing as one flat document: its §3 fields, derived deal types, and its deal statistics. */
export const LISTING_DATASET: FacetDataset = {
  key: "listing",
  display: "Listings",
  fields: {
    id: "number",
    header: "text",
    kind: "keyword",
    plsCode: "keyword",
    dealTypes: "keywords",
    region: "keyword",
    basin: "keyword",
    play: "keyword",
    status: "keyword",
    location: "keyword",
    dealSizes: "keywords",
    countries: "keywords",
    dateListed: "date",
    createdDate: "date",
    updatedDate: "date",
    signedCACount: "number",
    hotLeadCount: "number",
    noCount: "number",
    contactedCount: "number",
    webhitCount: "number",
    offersCount: "number",
    revenueRisk: "number",
    dataRoomVisitors: "number",
    dataRoomDownloads: "number",
  },
  facets: [
    facet("kind", "checkbox", "Kind"),
    facet("dealTypes", "checkbox", "Deal type", { functionType: "stats:webhitCount" }),
    facet("region", "checkbox", "Region", { functionType: "stats:dataRoomVisitors" }),
    facet("basin", "checkbox", "Basin"),
    facet("play", "checkbox", "Play"),
    facet("status", "checkbox", "Status"),
    facet("location", "checkbox", "Location"),
    facet("dealSizes", "checkbox", "Deal size"),
    facet("signedCACount", "range", "Signed CAs", { facetOptions: bins(20) }),
    facet("webhitCount", "range", "Web hits", { facetOptions: bins(20) }),
    facet("dataRoomVisitors", "range", "Data-room visitors", {
      shortDisplay: "Visitors",
      facetOptions: bins(20),
    }),
    facet("revenueRisk", "range", "Revenue risk (USD)", {
      shortDisplay: "Revenue risk",
      facetOptions: bins(20),
    }),
    facet("dateListed", "date", "Listed", { functionType: "stats:webhitCount" }),
    facet("updatedDate", "date", "Updated", { functionType: "stats:dataRoomDownloads" }),
    facet("listedYear", "year", "Year listed", { field: "dateListed", shortDisplay: "Year" }),
  ],
};

/** The datasets by their `facetKey` (`?name=` of the facet API). */
export const ANALYSIS_DATASETS: Readonly<Record<string, FacetDataset>> = {
  participant: PARTICIPANT_DATASET,
  listing: LISTING_DATASET,
};

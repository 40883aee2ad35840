/**
 * A listing (deal) as the spec names its fields (§3). The JSON the deals API
 * returns uses exactly these names, so older clients of the firm's API keep working.
 */
export interface Listing {
  ListingId: number;
  Header: string;
  /** Working-interest holder / operator summary lines shown on the deal page. */
  whr: string | null;
  wht: string | null;
  field: string | null;
  fld2: string | null;
  obj1: string | null;
  obj2: string | null;
  methods: string | null;
  C4: string | null;
  C5: string | null;
  C6: string | null;
  /** Working interest, e.g. "100% WI / 80% NRI". */
  wi: string | null;
  /** Production summary, e.g. "1,250 BOEPD". */
  prod: string | null;
  /** Monthly cash flow text, e.g. "$1.2MM/month". */
  cashflow: string | null;
  /** Cash flow as a number in US dollars per month, for sorting and facets. */
  CF: number | null;
  C2: string | null;
  reserves: string | null;
  other1: string | null;
  other2: string | null;

  PLSCode: string;
  listingType: string | null;
  listingTypeDesc: string | null;
  region: string | null;
  area: string | null;
  areaId: number | null;
  basin: string | null;
  play: string | null;

  status: string;
  statusId: number | null;
  webStatus: string | null;

  location: string | null;
  locationId: LocationId;
  /** "lat,lng" as the original API sent it. */
  coordinates: string | null;

  small: boolean;
  medium: boolean;
  large: boolean;
  usa: boolean;
  canada: boolean;
  international: boolean;

  dateListed: string | null;
  LastUpdatedDate: string | null;
  mediaUpdatedDate: string | null;
  createdDate: string | null;
  updatedDate: string | null;

  isPrivate: boolean;
  IsActiveDeal: boolean;
  isPreMarketing: boolean;
  isStudy: boolean;
  RowNumber: number | null;
  liked: boolean;
  sold: boolean;

  hasVDR: boolean;
  hasDueDiligenceAccess: boolean;
  requiresDueDiligenceAccess: boolean;
  showListingFiles: boolean;
  showEmailForListingFiles: boolean;

  hasLogoImage: boolean;
  projectedSalePrice: number | null;
  buyNow: boolean;
  isSalesLeadOnly: boolean;
  isHiredNowPackaging: boolean;

  docusignTemplateId: string | null;
  comboCurveProjectId: string | null;
  searchGroup: string | null;
  Url: string | null;
  boxLogoUrl: string | null;
  ImageUrl: string | null;
  tombstoneUrl: string | null;

  agentId: number | null;
  agentName: string | null;
  agentBlurb: string | null;
  agentCompanyName: string | null;
  agentTitle: string | null;
  agentContact: string | null;
  agentAddress: string | null;
  agentCity: string | null;
  agentState: string | null;
  agentZip: string | null;
  agentCountry2: string | null;
  agentPhone: string | null;
  agentEmail: string | null;
  agentDirectPhone: string | null;
}

/** Extra fields only private deals carry (§3 "Private-deal extras"). */
export interface PrivateDealExtras {
  folder: string | null;
  passcode: string | null;
  comments: string | null;
  openingDate: string | null;
  closingDate: string | null;
  deadlineDate: string | null;
  deadlineDataroom: string | null;
  deadlineNotification: string | null;
  deadlinePrequalification: string | null;
  contactUserId: number | null;
  salutation: string;
  fname: string | null;
  lname: string | null;
  email: string | null;
  companyId: number | null;
  companyName: string | null;
  website: string | null;
  address: string | null;
  phone: string | null;
  hideSimilarDeals: boolean;
}

/** Location enum of §3. */
export const LocationId = { USA: 1, Canada: 2, International: 3, Global: 4 } as const;
export type LocationId = (typeof LocationId)[keyof typeof LocationId];

/** The listing's text fields of §3, in the order the editor shows them and search reads them. */
export const LISTING_TEXT_FIELDS = [
  "whr",
  "wht",
  "field",
  "fld2",
  "obj1",
  "obj2",
  "methods",
  "C4",
  "C5",
  "C6",
  "wi",
  "prod",
  "cashflow",
  "C2",
  "reserves",
  "other1",
  "other2",
] as const satisfies ReadonlyArray<keyof Listing>;

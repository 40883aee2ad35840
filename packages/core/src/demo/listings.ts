/**
 * Deterministic demo book of deals for Anticline Energy Advisors.
 *
 * Everything derives from the seed and a fixed reference date (never the clock), so the
 * same seed gives byte-identical listings on every machine. Figures hang together: a
 * deal's value decides its size flag, production follows from cash flow and netback,
 * reserves from value, and so on, so that filters, facets and sorting behave as they
 * would on real data.
 */
import {
  LISTING_STATUSES,
  type Listing,
  type ListingStatusCode,
  type PrivateDealExtras,
  plsCodeDescription,
} from "@aea/domain";
import { agentsForRegion, DEMO_AGENTS, type DemoAgent, FIRM_NAME, FIRM_OFFICE } from "./agents.ts";
import { areaIdOf, type BasinLocation, LOCATION_IDS, PLAYS, type PlayDefinition } from "./basins.ts";
import { createRng, type Rng } from "./random.ts";
import { demoSellerOf } from "./sellers.ts";

/** The demo's "today": listing dates go back up to six years from here. */
export const DEMO_REFERENCE_DATE = "2026-11-01T00:00:00.000Z";
const REFERENCE_MS = Date.parse(DEMO_REFERENCE_DATE);
const DAY_MS = 86_400_000;

/** Status text, statusId and webStatus of the demo book: the statuses staff set. */

/** Deal size thresholds on the deal's value (US dollars). */
export const SMALL_DEAL_MAX = 5_000_000;
export const LARGE_DEAL_MIN = 50_000_000;

export interface DemoListings {
  listings: Listing[];
  privateExtras: Map<number, PrivateDealExtras>;
}

const PUBLIC_COUNT = 200;
const PRIVATE_COUNT = 25;
const STUDY_COUNT = 20;

type Kind = "public" | "private" | "study";

const PUBLIC_CODES: readonly (readonly [string, number])[] = [
  ["PP", 28],
  ["PP/DV", 12],
  ["PP/L", 5],
  ["L", 9],
  ["L/DV", 5],
  ["DV", 5],
  ["M", 9],
  ["M/RR", 7],
  ["RR", 5],
  ["DS", 3],
  ["W", 3],
  ["SWD", 3],
  ["FO", 3],
  ["L/FO", 2],
];

const PRIVATE_CODES: readonly (readonly [string, number])[] = [
  ["PP", 10],
  ["PP/DV", 5],
  ["PP/L", 2],
  ["M/RR", 3],
  ["M", 2],
  ["L", 2],
  ["DS", 1],
];

const PUBLIC_STATUS_COUNTS: readonly (readonly [ListingStatusCode, number])[] = [
  ["ACTIVE", 118],
  ["SOLD", 48],
  ["CLOSING", 14],
  ["PULLED", 9],
  ["PRE-MARKETING", 11],
];
const PRIVATE_STATUS_COUNTS: readonly (readonly [ListingStatusCode, number])[] = [
  ["ACTIVE", 18],
  ["CLOSING", 4],
  ["SOLD", 3],
];

/** How much more often Canada and International are drawn than their play weights alone say. */
const COUNTRY_FACTOR = { usa: 1, canada: 1.2, international: 1.8 } as const;

// ── formatting ───────────────────────────────────────────────────────────────

function withCommas(n: number): string {
  const [int, frac] = String(n).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Rounded to three significant figures (at least to a whole number). */
function sig3(n: number): number {
  if (n < 1000) return Math.round(n);
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / magnitude) * magnitude;
}

function oneDecimal(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1);
}

/** "$850K", "$4.2MM", "$38MM", "$1.2B". */
export function formatMoney(dollars: number): string {
  if (dollars >= 1e9) return `$${oneDecimal(dollars / 1e9)}B`;
  if (dollars >= 1e7) return `$${Math.round(dollars / 1e6)}MM`;
  if (dollars >= 1e6) return `$${oneDecimal(dollars / 1e6)}MM`;
  return `$${Math.max(1, Math.round(dollars / 1e3))}K`;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function longDate(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function monthYear(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function firstOfNextMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

function logUniform(rng: Rng, lo: number, hi: number): number {
  return Math.exp(rng.float(Math.log(lo), Math.log(hi)));
}

function codeTokens(code: string): Set<string> {
  return new Set(code.split("/"));
}

// ── figures ──────────────────────────────────────────────────────────────────

type SizeClass = "small" | "medium" | "large";

function sizeOf(value: number): SizeClass {
  if (value < SMALL_DEAL_MAX) return "small";
  if (value > LARGE_DEAL_MIN) return "large";
  return "medium";
}

/** A value well inside the class, so rounded figures never straddle a threshold. */
function valueFor(rng: Rng, size: SizeClass): number {
  if (size === "small") return logUniform(rng, 350_000, 4_700_000);
  if (size === "medium") return logUniform(rng, 5_400_000, 47_000_000);
  return logUniform(rng, 54_000_000, rng.chance(0.8) ? 260_000_000 : 900_000_000);
}

function sizeWeights(code: string): readonly (readonly [SizeClass, number])[] {
  const t = codeTokens(code);
  if (t.has("M") || t.has("RR") || t.has("FO") || (t.has("DV") && !t.has("PP")))
    return [
      ["small", 50],
      ["medium", 42],
      ["large", 8],
    ];
  return [
    ["small", 32],
    ["medium", 48],
    ["large", 20],
  ];
}

interface Figures {
  value: number;
  oilPct: number;
  gasWeighted: boolean;
  operated: boolean;
  wiPct: number;
  nriPct: number;
  cfMonthly: number | null;
  boepd: number | null;
  netAcres: number | null;
  locations: number | null;
  wells: number | null;
  pdpMmboe: number | null;
}

function productionText(f: Figures): string | null {
  if (f.boepd === null) return null;
  if (f.gasWeighted) return `${oneDecimal((f.boepd * 6) / 1000)} MMcfe/d (${100 - f.oilPct}% gas)`;
  return `${withCommas(sig3(f.boepd))} BOEPD (${f.oilPct}% oil)`;
}

function productionShort(f: Figures): string {
  if (f.boepd === null) return "";
  if (f.gasWeighted) return `${oneDecimal((f.boepd * 6) / 1000)} MMcfe/d`;
  return `${withCommas(sig3(f.boepd))} BOEPD`;
}

function reservesVolume(mmboe: number, gasWeighted: boolean): string {
  const volume = gasWeighted ? mmboe * 6 : mmboe;
  const [big, small] = gasWeighted ? ["Bcfe", "MMcfe"] : ["MMBOE", "MBOE"];
  if (volume < 1) return `${withCommas(Math.max(1, sig3(volume * 1000)))} ${small}`;
  return volume >= 10 ? `${Math.round(volume)} ${big}` : `${oneDecimal(volume)} ${big}`;
}

function plural(n: number, word: string): string {
  return `${withCommas(n)} ${n === 1 ? word : `${word}s`}`;
}

/** "Reeves County", "DeSoto Parish", "Eugene Island Area"; elsewhere the local name ("Kakwa"). */
function placeLabel(play: PlayDefinition, location: BasinLocation): string {
  return play.country === "usa" ? location.name.slice(0, location.name.lastIndexOf(",")) : location.short;
}

/** "Reeves County, TX"; "Kakwa, Alberta"; "Añelo, Argentina". */
function placeName(play: PlayDefinition, location: BasinLocation): string {
  if (play.country === "usa") return location.name;
  return `${location.short}, ${play.country === "canada" ? location.state : play.countryName}`;
}

function cashflowText(cf: number | null): string | null {
  if (cf === null) return null;
  return `${formatMoney(cf)}/month`;
}

function pct(n: number): string {
  return `${Number(n.toFixed(2))}%`;
}

// ── text pools ───────────────────────────────────────────────────────────────

const UPSIDE = [
  "Behind-pipe recompletion candidates in the {obj2}",
  "{n} refrac candidates identified by seller's engineering team",
  "Artificial-lift optimization and compression upside",
  "Waterflood expansion potential on the eastern leases",
  "Low-cost workover program identified (payout under 6 months)",
  "Additional {obj1} bench delineated by offset operators",
  "Operated position allows buyer to control pace of development",
  "Extended-lateral conversions on contiguous acreage",
];

const INFRASTRUCTURE = [
  "Gas gathered and processed by third-party midstream under a fixed-fee contract",
  "Owned saltwater disposal system keeps LOE low",
  "Oil on pipe; no trucking",
  "Firm transport to Gulf Coast markets",
  "Electrified field with owned substations",
  "Compression owned by seller",
  "Produced-water recycling facility in place",
  "Dedicated crude gathering with multiple sales outlets",
];

const OFFSHORE_NOTES = [
  "Platform and pipeline infrastructure in place; decommissioning estimate in data room",
  "Host platform with spare processing capacity",
  "Subsea tie-back candidates identified on 3D seismic",
];

const MINERAL_NOTES = [
  "No post-production deductions on the majority of leases",
  "Active development by top-tier operators; {n} permits and DUCs on the acreage",
  "Diversified across {n} operators and 300+ producing units",
  "Lease bonus and royalty history available for the last 36 months",
];

/** Study subjects and what their sample counts. */
const STUDY_SUBJECTS: readonly (readonly [string, string])[] = [
  ["Type Curve & Well Spacing Study", "Wells Reviewed"],
  ["Refrac Candidate Screening Study", "Wells Screened"],
  ["Produced Water & SWD Capacity Study", "Disposal Wells"],
  ["Royalty Valuation Survey ($/NRA by County)", "Mineral Sales"],
  ["Well Performance Review", "Wells Reviewed"],
  ["A&D Transaction Benchmarks", "Closed Transactions"],
  ["Decline Analysis of Legacy Vertical Wells", "Wells Reviewed"],
  ["Midstream & Takeaway Capacity Review", "Gathering Systems"],
];

const FIRST_NAMES_MALE = [
  "James",
  "Robert",
  "Michael",
  "David",
  "William",
  "Richard",
  "Carlos",
  "Daniel",
  "Scott",
  "Brian",
];
const FIRST_NAMES_FEMALE = [
  "Jennifer",
  "Laura",
  "Sarah",
  "Amanda",
  "Michelle",
  "Karen",
  "Rachel",
  "Lisa",
  "Maria",
  "Emily",
];
const LAST_NAMES = [
  "Harrington",
  "McAllister",
  "Gonzales",
  "Pruitt",
  "Bergstrom",
  "Calloway",
  "Nguyen",
  "Sullivan",
  "Ashford",
  "Kowalski",
  "Fontenot",
  "Whitaker",
  "Delgado",
  "Ramsey",
];

const SELLER_OFFICES: Readonly<Record<string, readonly [string, string]>> = {
  Permian: ["300 N. Marienfeld Street, Suite 900, Midland, TX 79701", "(432) 555-01"],
  "Gulf Coast": ["600 Jefferson Street, Suite 1100, Lafayette, LA 70501", "(337) 555-01"],
  Midcontinent: ["100 N. Broadway Avenue, Suite 2200, Oklahoma City, OK 73102", "(405) 555-01"],
  "Ark-La-Tex": ["333 Texas Street, Suite 1500, Shreveport, LA 71101", "(318) 555-01"],
  "East Texas": ["110 N. College Avenue, Suite 800, Tyler, TX 75702", "(903) 555-01"],
  Rockies: ["1700 Lincoln Street, Suite 3000, Denver, CO 80203", "(303) 555-01"],
  Appalachia: ["1000 Commerce Drive, Suite 400, Pittsburgh, PA 15275", "(412) 555-01"],
  Williston: ["400 E. Broadway Avenue, Suite 500, Bismarck, ND 58501", "(701) 555-01"],
  California: ["5060 California Avenue, Suite 700, Bakersfield, CA 93309", "(661) 555-01"],
  Alaska: ["3000 C Street, Suite 200, Anchorage, AK 99503", "(907) 555-01"],
  Canada: ["400 3rd Avenue SW, Suite 1800, Calgary, AB T2P 4H2", "(403) 555-01"],
  International: ["2 Finsbury Avenue, Fourth Floor, London EC2M 2PP, United Kingdom", "(713) 555-01"],
};

function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

// ── drafts ───────────────────────────────────────────────────────────────────

interface Draft {
  kind: Kind;
  code: string;
  status: ListingStatusCode;
  order: number;
  dateListedMs: number;
}

function expand<T>(counts: readonly (readonly [T, number])[]): T[] {
  return counts.flatMap(([item, n]) => Array.from({ length: n }, () => item));
}

function publicCodes(rng: Rng): string[] {
  // Every code at least twice, the rest by weight.
  const codes = PUBLIC_CODES.flatMap(([code]) => [code, code]);
  while (codes.length < PUBLIC_COUNT) codes.push(rng.weighted(PUBLIC_CODES));
  return rng.shuffle(codes);
}

function assignStatuses(
  rng: Rng,
  codes: string[],
  counts: readonly (readonly [ListingStatusCode, number])[],
): ListingStatusCode[] {
  const statuses = rng.shuffle(expand(counts));
  // A wanted (buy-side) listing is never "sold" nor pre-marketed: swap with an active one.
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] !== "W" || statuses[i] === "ACTIVE" || statuses[i] === "CLOSING" || statuses[i] === "PULLED")
      continue;
    const j = statuses.findIndex((s, k) => s === "ACTIVE" && codes[k] !== "W");
    if (j >= 0) [statuses[i], statuses[j]] = [statuses[j], statuses[i]];
  }
  return statuses;
}

function listedAgeDays(rng: Rng, status: ListingStatusCode, kind: Kind): number {
  if (kind === "study") return rng.int(20, 2000);
  switch (status) {
    case "PRE-MARKETING":
      return rng.int(0, 25);
    case "ACTIVE":
      return rng.chance(0.7) ? rng.int(3, 150) : rng.int(150, 540);
    case "CLOSING":
      return rng.int(40, 300);
    case "PULLED":
      return rng.int(60, 1500);
    case "SOLD":
      return rng.int(100, 2190);
  }
}

// ── play and location ────────────────────────────────────────────────────────

function playAllows(play: PlayDefinition, code: string): boolean {
  const t = codeTokens(code);
  if (t.has("M") && !play.minerals) return false;
  if (t.has("RR") && play.country === "international") return false;
  if (t.has("SWD") && (play.country !== "usa" || play.offshore || !play.unconventional)) return false;
  if (t.has("L") && play.offshore && play.country === "international") return false;
  return true;
}

function pickPlay(rng: Rng, code: string): PlayDefinition {
  const candidates = PLAYS.filter((p) => playAllows(p, code)).map(
    (p) => [p, p.weight * COUNTRY_FACTOR[p.country]] as const,
  );
  return rng.weighted(candidates);
}

function stateCode(location: BasinLocation): string | null {
  const m = /, ([A-Z]{2})$/.exec(location.name);
  return m ? m[1] : null;
}

/** "Reeves & Ward Counties, TX" when a deal spans two counties of one state. */
function whereText(rng: Rng, play: PlayDefinition, location: BasinLocation): string {
  const code = stateCode(location);
  if (code && rng.chance(0.35)) {
    const others = play.locations.filter(
      (l) => l.short !== location.short && stateCode(l) === code && l.name.endsWith(` County, ${code}`),
    );
    if (others.length > 0 && location.name.endsWith(` County, ${code}`)) {
      const other = rng.pick(others);
      return `${location.short} & ${other.short} Counties, ${code} (${play.basin})`;
    }
  }
  return `${location.name} (${play.basin})`;
}

function coordinatesIn(rng: Rng, location: BasinLocation): string {
  const { minLat, maxLat, minLng, maxLng } = location.box;
  const lat = rng.float(minLat, maxLat).toFixed(5);
  const lng = rng.float(minLng, maxLng).toFixed(5);
  return `${lat},${lng}`;
}

// ── figures per deal type ────────────────────────────────────────────────────

function baseFigures(rng: Rng, play: PlayDefinition, value: number): Figures {
  const oilPct = rng.int(play.oilShare[0], play.oilShare[1]);
  const operated = rng.chance(0.6);
  const wiPct = operated ? rng.pick([100, 100, 100, 87.5, 75, 62.5]) : rng.float(4, 45, 2);
  const nriPct = Math.round(wiPct * rng.float(0.75, 0.82) * 100) / 100;
  return {
    value,
    oilPct,
    gasWeighted: oilPct < 35,
    operated,
    wiPct,
    nriPct,
    cfMonthly: null,
    boepd: null,
    netAcres: null,
    locations: null,
    wells: null,
    pdpMmboe: null,
  };
}

function netbackPerBoe(oilPct: number): number {
  return 6 + 0.38 * oilPct;
}

function pvPerBoe(oilPct: number): number {
  return 3 + 0.12 * oilPct;
}

/**
 * Cash flow from value, production from cash flow and netback, PDP reserves from value;
 * `interest` is the average decimal interest per well (WI for working interests, a small
 * royalty decimal for minerals), which turns net wells into a gross well count.
 */
function addProduction(
  rng: Rng,
  play: PlayDefinition,
  f: Figures,
  multiple: readonly [number, number],
  interest = f.wiPct / 100,
): void {
  const cf = Math.round(f.value / rng.float(multiple[0], multiple[1]) / 1000) * 1000;
  f.cfMonthly = Math.max(1000, cf);
  f.boepd = Math.max(3, f.cfMonthly / (30.4 * netbackPerBoe(f.oilPct)));
  f.pdpMmboe = f.value / pvPerBoe(f.oilPct) / 1e6;
  const perWell = play.unconventional
    ? rng.float(35, 140)
    : play.offshore
      ? rng.float(80, 400)
      : rng.float(4, 25);
  const netWells = Math.max(1, f.boepd / perWell);
  f.wells = Math.min(2500, Math.max(1, Math.round(netWells / interest)));
}

function addAcreage(rng: Rng, play: PlayDefinition, f: Figures, share: readonly [number, number]): void {
  const perAcre = rng.float(play.acreValue[0], play.acreValue[1]);
  const acres = (f.value * rng.float(share[0], share[1])) / perAcre;
  f.netAcres = Math.min(250_000, Math.max(40, sig3(acres)));
}

function addLocations(rng: Rng, play: PlayDefinition, f: Figures): void {
  if (f.netAcres === null) return;
  const spacing = play.unconventional ? rng.float(160, 480) : rng.float(40, 160);
  f.locations = Math.min(250, Math.max(1, Math.round(f.netAcres / spacing)));
}

// ── one listing's texts ──────────────────────────────────────────────────────

interface Texts {
  Header: string;
  wht: string;
  wi: string | null;
  prod: string | null;
  cashflow: string | null;
  CF: number | null;
  reserves: string | null;
  C4: string | null;
  C5: string | null;
  other1: string | null;
  methods: string;
  value: number;
}

interface Context {
  rng: Rng;
  play: PlayDefinition;
  location: BasinLocation;
  playName: string;
  obj1: string;
  obj2: string | null;
  code: string;
  kind: Kind;
  size: SizeClass;
}

function opLabel(f: Figures): string {
  return f.operated ? "Operated" : "Non-Operated";
}

function wiText(f: Figures): string {
  return f.operated
    ? `${pct(f.wiPct)} WI / ${pct(f.nriPct)} NRI`
    : `Avg. ${pct(f.wiPct)} WI / ${pct(f.nriPct)} NRI`;
}

function acresText(n: number): string {
  return `${withCommas(n)} Net Acres`;
}

function saleMethod(rng: Rng): string {
  return rng.weighted([
    ["Negotiated Sale", 45],
    ["Sealed Bid", 35],
    ["Online Auction", 10],
    ["Negotiated Sale (Stalking Horse)", 4],
    ["Sealed Bid – Two Rounds", 6],
  ] as const);
}

function playLabel(ctx: Context): string {
  return ctx.playName === "Not Applicable" ? ctx.play.basinShort : ctx.playName;
}

function basinLabel(play: PlayDefinition): string {
  return play.basinShort;
}

function producingTexts(ctx: Context, withDev: boolean, withLease: boolean): Texts {
  const { rng, play } = ctx;
  const f = baseFigures(rng, play, valueFor(rng, ctx.size));
  addProduction(rng, play, f, [30, 46]);
  addAcreage(rng, play, f, withLease ? [0.45, 0.8] : [0.2, 0.55]);
  if (withDev) addLocations(rng, play, f);
  const prodShort = productionShort(f);
  const cf = formatMoney(f.cfMonthly ?? 0);
  const pv = formatMoney(f.value);
  const basin = basinLabel(play);
  const pdp = reservesVolume(f.pdpMmboe ?? 0, f.gasWeighted);
  let Header: string;
  if (withDev) {
    Header = rng.pick([
      `${playLabel(ctx)} Development Package – PDP + ${plural(f.locations ?? 1, "PUD Location")}, ${prodShort}`,
      `${opLabel(f)} ${basin} Assets with Development – ${acresText(f.netAcres ?? 0)}, ${plural(f.locations ?? 1, "Location")}`,
      `${placeLabel(ctx.play, ctx.location)} Producing & Development Opportunity – ${prodShort}, ${plural(f.locations ?? 1, "Drilling Location")}`,
    ]);
  } else if (withLease) {
    Header = rng.pick([
      `${basin} Producing Leasehold – ${acresText(f.netAcres ?? 0)} (HBP), ${prodShort}`,
      `${opLabel(f)} ${play.basinShort} Position – ${acresText(f.netAcres ?? 0)}, ${prodShort}`,
    ]);
  } else if (play.offshore) {
    Header = rng.pick([
      `${placeLabel(ctx.play, ctx.location)} ${play.key === "gom-shelf" ? "Shelf" : "Offshore"} Package – ${prodShort}, ${plural(f.wells ?? 1, "Well")}, ${cf}/Month Cash Flow`,
      `${opLabel(f)} ${play.basinShort} Producing Interests – ${prodShort}, PDP PV10 ${pv}`,
    ]);
  } else {
    const templates = [
      `${opLabel(f)} ${basin} Package – ${acresText(f.netAcres ?? 0)}, ${prodShort}`,
      `${playLabel(ctx)} ${f.operated ? "Operated WI" : "Non-Op WI"} Divestiture – ${plural(f.wells ?? 1, "Well")}, ${cf}/Month Cash Flow`,
      `${placeLabel(ctx.play, ctx.location)} Producing Properties – ${prodShort}, PDP PV10 ${pv}`,
    ];
    if (!play.unconventional)
      templates.push(
        `Legacy ${basin} Waterflood – ${prodShort}, ${plural(f.wells ?? 1, "Well")}, Low Decline`,
      );
    if (f.gasWeighted)
      templates.push(`${playLabel(ctx)} Gas Assets – ${prodShort}, ${acresText(f.netAcres ?? 0)}`);
    Header = rng.pick(templates);
  }
  const reserves = withDev
    ? `PDP ${pdp}; PUD ${reservesVolume((f.pdpMmboe ?? 0) * rng.float(0.8, 2.5), f.gasWeighted)}; PV10 ${pv}`
    : `PDP ${pdp}; PV10 ${pv}`;
  const hbp = rng.int(60, 100);
  return {
    Header,
    wht: `${f.operated ? "Operated" : "Non-operated"} working interest${withLease ? " and HBP leasehold" : ""}${withDev ? " with PUD inventory" : ""}`,
    wi: wiText(f),
    prod: productionText(f),
    cashflow: cashflowText(f.cfMonthly),
    CF: f.cfMonthly,
    reserves,
    C4: f.netAcres === null ? null : `${withCommas(f.netAcres)} net acres (${hbp}% HBP)`,
    C5: `${plural(f.wells ?? 1, "producing well")}${withDev ? `; ${plural(f.locations ?? 1, "PUD location")}` : ""}`,
    other1: fill(rng.pick(play.offshore ? OFFSHORE_NOTES : UPSIDE), {
      obj1: ctx.obj1,
      obj2: ctx.obj2 ?? ctx.obj1,
      n: rng.int(4, 30),
    }),
    methods: saleMethod(rng),
    value: f.value,
  };
}

function leaseholdTexts(ctx: Context, withDev: boolean, farmout: boolean): Texts {
  const { rng, play } = ctx;
  const f = baseFigures(rng, play, valueFor(rng, ctx.size));
  f.operated = true;
  addAcreage(rng, play, f, [0.85, 1.0]);
  addLocations(rng, play, f);
  const acres = acresText(f.netAcres ?? 0);
  const resource = f.value / rng.float(1.2, 3.5) / 1e6;
  const Header = farmout
    ? `Farmout & Leasehold – ${withCommas(f.netAcres ?? 0)}-Acre ${playLabel(ctx)} Block, ${placeName(ctx.play, ctx.location)}`
    : withDev
      ? rng.pick([
          `${playLabel(ctx)} Acreage Block – ${acres}, Drill-Ready ${ctx.obj1} Inventory`,
          `${basinLabel(play)} Leasehold with Prospects – ${acres}, ${plural(f.locations ?? 1, "Location")}`,
        ])
      : rng.pick([
          `${basinLabel(play)} Leasehold – ${acres}, ${plural(f.locations ?? 1, "Undrilled Location")}`,
          `${placeLabel(ctx.play, ctx.location)} Undeveloped Acreage – ${acres}`,
          `Contiguous ${playLabel(ctx)} Leasehold – ${acres}`,
        ]);
  return {
    Header,
    wht: farmout ? "Leasehold available by sale or farmout" : "Undeveloped leasehold",
    wi: `100% WI / ${rng.pick([75, 77.5, 78, 80, 81.25])}% NRI delivered`,
    prod: null,
    cashflow: null,
    CF: null,
    reserves: `Unrisked 3P ${reservesVolume(resource, f.gasWeighted)}; PV10 (3P) ${formatMoney(f.value)}`,
    C4: `${withCommas(f.netAcres ?? 0)} net acres; primary terms ${rng.pick(["3 years + 2-year option", "5 years", "3 years", "4 years"])}`,
    C5: `${plural(f.locations ?? 1, "gross location")} in the ${ctx.obj1}${ctx.obj2 ? ` and ${ctx.obj2}` : ""}`,
    other1: `Offset operators have drilled ${rng.int(6, 60)} wells within 5 miles since ${rng.int(2019, 2025)}`,
    methods: farmout ? "Farmout – Negotiated Terms" : saleMethod(rng),
    value: f.value,
  };
}

function prospectTexts(ctx: Context): Texts {
  const { rng, play } = ctx;
  const f = baseFigures(rng, play, valueFor(rng, ctx.size));
  const unrisked = (f.value * rng.float(1.5, 5)) / pvPerBoe(f.oilPct) / 1e6;
  const pg = rng.int(18, 55);
  const vol = reservesVolume(unrisked, f.gasWeighted);
  return {
    Header: rng.pick([
      `${ctx.obj1} Exploration Prospect – ${placeName(ctx.play, ctx.location)}, ${vol} Unrisked`,
      `3D-Defined ${ctx.obj1} Prospect – ${placeLabel(ctx.play, ctx.location)}, ${pg}% Pg`,
      `${basinLabel(play)} Drilling Prospect – ${vol} Unrisked, Seeking Partners`,
    ]),
    wht: "Drilling prospect; partners sought",
    wi: `Up to ${rng.pick([50, 62.5, 75, 87.5])}% WI available; ${rng.pick([75, 77.5, 80])}% NRI delivered`,
    prod: null,
    cashflow: null,
    CF: null,
    reserves: `Unrisked prospective resource ${vol} (Pg ${pg}%)`,
    C4: `${withCommas(sig3(rng.int(320, 12000)))} gross acres under lease`,
    C5: `Test well to ${withCommas(rng.int(8, 22) * 1000)} ft TVD; dry-hole cost ${formatMoney(rng.int(18, 140) * 100_000)}`,
    other1: `Prospect package: ${rng.pick(["proprietary 3D seismic", "licensed 3D seismic", "2D seismic and well control", "AVO-supported 3D"])}, maps and economics`,
    methods: rng.pick(["Negotiated Sale", "Negotiated Sale – Prospect Fee + Carry"]),
    value: f.value,
  };
}

function mineralTexts(ctx: Context, withRoyalty: boolean): Texts {
  const { rng, play } = ctx;
  const f = baseFigures(rng, play, valueFor(rng, ctx.size));
  addProduction(rng, play, f, [60, 100], rng.float(0.004, 0.03));
  const nra = sig3(
    Math.max(20, f.value / (play.acreValue[0] + rng.next() * (play.acreValue[1] - play.acreValue[0]))),
  );
  const permits = rng.int(4, 60);
  const cf = formatMoney(f.cfMonthly ?? 0);
  const Header = withRoyalty
    ? rng.pick([
        `${playLabel(ctx)} Minerals & Royalties – ${withCommas(nra)} NRA, ${plural(f.wells ?? 1, "Producing Well")}`,
        `${basinLabel(play)} Mineral & ORRI Package – ${withCommas(nra)} NRA, ${cf}/Month`,
      ])
    : rng.pick([
        `${basinLabel(play)} Mineral Package – ${withCommas(nra)} Net Royalty Acres, ${cf}/Month`,
        `${placeLabel(ctx.play, ctx.location)} Mineral Rights – ${withCommas(nra)} NRA Under Active Development`,
        `Producing ${playLabel(ctx)} Minerals – ${withCommas(nra)} NRA, ${permits} Permits & DUCs`,
      ]);
  return {
    Header,
    wht: withRoyalty ? "Mineral fee and overriding royalty interests" : "Mineral fee interests",
    wi: withRoyalty
      ? `Mineral fee + ORRI; avg. ${pct(rng.float(18, 25, 2))} royalty`
      : `Mineral fee; avg. ${rng.pick(["1/5", "1/4", "3/16", "22.5%", "20%"])} royalty`,
    prod: f.boepd === null ? null : `Net ${productionText(f)}`,
    cashflow: cashflowText(f.cfMonthly),
    CF: f.cfMonthly,
    reserves: `PDP ${reservesVolume(f.pdpMmboe ?? 0, f.gasWeighted)} (net); PV10 ${formatMoney(f.value)}`,
    C4: `${withCommas(nra)} net royalty acres (1/8 basis)`,
    C5: `${plural(f.wells ?? 1, "producing well")}; ${permits} permits and DUCs`,
    other1: fill(rng.pick(MINERAL_NOTES), { n: rng.int(4, 40) }),
    methods: saleMethod(rng),
    value: f.value,
  };
}

function royaltyTexts(ctx: Context): Texts {
  const { rng, play } = ctx;
  const f = baseFigures(rng, play, valueFor(rng, ctx.size));
  const orri = rng.float(0.75, 5, 2);
  addProduction(rng, play, f, [55, 90], orri / 100);
  const cf = formatMoney(f.cfMonthly ?? 0);
  return {
    Header: rng.pick([
      `${playLabel(ctx)} Overriding Royalty Interest – ${pct(orri)} ORRI, ${cf}/Month`,
      `${basinLabel(play)} ORRI Package – ${plural(f.wells ?? 1, "Well")}, ${cf}/Month Cash Flow`,
    ]),
    wht: "Overriding royalty interests",
    wi: `ORRI avg. ${pct(orri)} (cost-free)`,
    prod: f.boepd === null ? null : `Net ${productionText(f)}`,
    cashflow: cashflowText(f.cfMonthly),
    CF: f.cfMonthly,
    reserves: `PDP ${reservesVolume(f.pdpMmboe ?? 0, f.gasWeighted)} (net); PV10 ${formatMoney(f.value)}`,
    C4: null,
    C5: `${plural(f.wells ?? 1, "producing well")} across ${rng.int(2, 12)} operators`,
    other1: "Burdens carved from leases held by production; no capital obligations",
    methods: saleMethod(rng),
    value: f.value,
  };
}

function discoveryTexts(ctx: Context): Texts {
  const { rng, play } = ctx;
  const f = baseFigures(rng, play, valueFor(rng, ctx.size === "small" ? "medium" : ctx.size));
  const ip = sig3(rng.int(250, 3500));
  const ipText = f.gasWeighted ? `${oneDecimal((ip * 6) / 1000)} MMcfe/d` : `${withCommas(ip)} BOEPD`;
  const offsets = rng.int(3, 24);
  const twoP = f.value / (pvPerBoe(f.oilPct) * 0.5) / 1e6;
  return {
    Header: rng.pick([
      `${ctx.obj1} Discovery – ${placeLabel(ctx.play, ctx.location)}, Test Rate ${ipText}, ${offsets} Offsets`,
      `New-Field ${basinLabel(play)} Discovery – ${offsets} Appraisal Locations`,
    ]),
    wht: "Undeveloped discovery with appraisal locations",
    wi: wiText(f),
    prod: `Discovery well tested ${ipText} (IP24)`,
    cashflow: null,
    CF: null,
    reserves: `2P ${reservesVolume(twoP, f.gasWeighted)} (third-party audit); PV10 ${formatMoney(f.value)}`,
    C4: null,
    C5: `1 discovery well; ${offsets} appraisal and development locations`,
    other1: `Discovery confirmed by ${rng.pick(["DST and production test", "30-day extended production test", "logs and pressure data"])}`,
    methods: rng.pick(["Negotiated Sale", "Sealed Bid"]),
    value: f.value,
  };
}

function wantedTexts(ctx: Context): Texts {
  const { rng, play } = ctx;
  const value = valueFor(rng, ctx.size);
  const lo = formatMoney(value * 0.45).replace("$", "");
  const hi = formatMoney(value * 2);
  const target = rng.pick([
    "Operated Production",
    "Non-Op Working Interests",
    "Minerals & Royalties",
    "PDP-Weighted Assets",
  ]);
  const where = ctx.playName === "Not Applicable" ? play.region : playLabel(ctx);
  return {
    Header: `WANTED: ${where} ${target} – $${lo}–${hi.replace("$", "")}`,
    wht: `Buyer mandate: ${target.toLowerCase()}`,
    wi: rng.pick(["Operated, high WI preferred", "Any WI; non-op considered", "Mineral fee or ORRI"]),
    prod: rng.pick([
      `Targets > ${rng.int(2, 20) * 100} BOEPD`,
      "PDP-weighted; limited capital commitments",
      null,
    ]),
    cashflow: null,
    CF: null,
    reserves: null,
    C4: null,
    C5: null,
    other1: `Buyer is ${rng.pick(["private-equity backed", "a family office", "a public independent", "an institutional mineral fund"])}; closes within ${rng.int(30, 75)} days`,
    methods: "Buyer Mandate",
    value,
  };
}

function swdTexts(ctx: Context): Texts {
  const { rng } = ctx;
  const capacity = rng.int(8, 90) * 1000;
  const throughput = Math.round((capacity * rng.float(0.4, 0.9)) / 500) * 500;
  const fee = rng.float(0.35, 0.8);
  const cf = Math.round((throughput * 30.4 * fee * 0.62) / 1000) * 1000;
  const value = cf * 12 * rng.float(4.5, 8);
  const wells = rng.int(1, 8);
  return {
    Header: rng.pick([
      `Saltwater Disposal System – ${placeName(ctx.play, ctx.location)}, ${withCommas(capacity)} BWPD Permitted`,
      `${placeLabel(ctx.play, ctx.location)} SWD Facility – ${wells} Wells, ${withCommas(throughput)} BWPD Throughput`,
    ]),
    wht: "Commercial saltwater disposal system",
    wi: "100% ownership",
    prod: `${withCommas(throughput)} BWPD average disposal volumes`,
    cashflow: cashflowText(cf),
    CF: cf,
    reserves: `LTM EBITDA ${formatMoney(cf * 12)}`,
    C4: `${withCommas(capacity)} BWPD permitted capacity`,
    C5: `${wells} disposal wells into the ${rng.pick(["Devonian", "Ellenburger", "San Andres", "Delaware Mountain Group", "Arbuckle"])}`,
    other1: `${rng.int(30, 160)} miles of gathering pipeline; long-term dedications from ${rng.int(2, 7)} operators`,
    methods: rng.pick(["Negotiated Sale", "Sealed Bid"]),
    value,
  };
}

function farmoutTexts(ctx: Context): Texts {
  const { rng, play } = ctx;
  const value = valueFor(rng, ctx.size === "large" ? "medium" : ctx.size);
  const wells = rng.int(1, 8);
  const acres = sig3(rng.int(640, 20000));
  return {
    Header: rng.pick([
      `Farmout Opportunity – ${withCommas(acres)}-Acre ${playLabel(ctx)} Block, ${placeName(ctx.play, ctx.location)}`,
      `${basinLabel(play)} Farmout – ${wells}-Well ${ctx.obj1} Program, ${formatMoney(value)} Capital`,
    ]),
    wht: "Farmout; partner to fund drilling program",
    wi: `Earn ${rng.pick([50, 60, 75, 80])}% WI; ${rng.pick(["1/8", "1/16", "3%"])} ORRI reserved`,
    prod: null,
    cashflow: null,
    CF: null,
    reserves: `Unrisked ${reservesVolume((value * 2.5) / pvPerBoe(50) / 1e6, play.product === "gas")} on the block`,
    C4: `${withCommas(acres)} gross acres`,
    C5: `${wells}-well commitment program`,
    other1: `Carry ${rng.pick(["to casing point", "through completion", "of 100% of first well"])}`,
    methods: "Farmout – Negotiated Terms",
    value,
  };
}

function studyTexts(ctx: Context, year: number): Texts {
  const { rng, play } = ctx;
  const [subject, unit] = rng.pick(STUDY_SUBJECTS);
  const wells =
    unit.startsWith("Wells") || unit === "Disposal Wells" ? sig3(rng.int(120, 4200)) : rng.int(12, 240);
  return {
    Header: rng.pick([
      `${basinLabel(play)} ${subject} (${year})`,
      `Research: ${playLabel(ctx)} ${subject}`,
      `${play.region} ${subject} – ${withCommas(wells)} ${unit}`,
    ]),
    wht: "Research study",
    wi: null,
    prod: null,
    cashflow: null,
    CF: null,
    reserves: null,
    C4: `Data set: ${withCommas(wells)} ${unit.toLowerCase()}, ${rng.int(2010, 2018)}–${year}`,
    C5: null,
    other1: rng.pick([
      "Includes type curves, EUR distributions and D&C cost benchmarks",
      "Includes $/acre, $/NRA and $/flowing BOE metrics from closed transactions",
      "Includes decline parameters and operating-cost benchmarks by county",
    ]),
    methods: "Available on Request",
    value: rng.int(25, 250) * 1000,
  };
}

function textsFor(ctx: Context, year: number): Texts {
  if (ctx.kind === "study") return studyTexts(ctx, year);
  switch (ctx.code) {
    case "PP":
      return producingTexts(ctx, false, false);
    case "PP/DV":
      return producingTexts(ctx, true, false);
    case "PP/L":
      return producingTexts(ctx, false, true);
    case "L":
      return leaseholdTexts(ctx, false, false);
    case "L/DV":
      return leaseholdTexts(ctx, true, false);
    case "L/FO":
      return leaseholdTexts(ctx, false, true);
    case "DV":
      return prospectTexts(ctx);
    case "M":
      return mineralTexts(ctx, false);
    case "M/RR":
      return mineralTexts(ctx, true);
    case "RR":
      return royaltyTexts(ctx);
    case "DS":
      return discoveryTexts(ctx);
    case "W":
      return wantedTexts(ctx);
    case "SWD":
      return swdTexts(ctx);
    case "FO":
      return farmoutTexts(ctx);
    default:
      throw new Error(`No demo texts for PLS code ${ctx.code}`);
  }
}

// ── assembly ─────────────────────────────────────────────────────────────────

function timingText(
  status: ListingStatusCode,
  listedMs: number,
  updatedMs: number,
  rng: Rng,
  kind: Kind,
): string {
  if (kind === "study") return `Published ${monthYear(listedMs)}`;
  switch (status) {
    case "ACTIVE":
      return rng.chance(0.5)
        ? `Bids due ${longDate(REFERENCE_MS + rng.int(10, 60) * DAY_MS)}`
        : `Data room open; offers reviewed as received`;
    case "PRE-MARKETING":
      return `Data room opens ${longDate(REFERENCE_MS + rng.int(7, 40) * DAY_MS)}`;
    case "CLOSING":
      return `PSA executed; closing expected ${longDate(REFERENCE_MS + rng.int(5, 45) * DAY_MS)}`;
    case "SOLD":
      return `Closed ${monthYear(updatedMs)}`;
    case "PULLED":
      return `Process suspended ${monthYear(updatedMs)}`;
  }
}

function fakeId(rng: Rng, prefix: string): string {
  const hex = () => rng.int(0, 0xffff).toString(16).padStart(4, "0");
  return `${prefix}-${hex()}${hex()}-${hex()}-${hex()}-${hex()}${hex()}${hex()}`;
}

function passcode(rng: Rng): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let out = "";
  for (let i = 0; i < 8; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

interface Built {
  listing: Omit<Listing, "ListingId" | "RowNumber" | "Url" | "boxLogoUrl" | "ImageUrl" | "tombstoneUrl">;
  flags: { cover: boolean; logo: boolean; tombstone: boolean };
  extras: ((listingId: number) => PrivateDealExtras) | null;
}

function agentFields(agent: DemoAgent) {
  return {
    agentId: agent.agentId,
    agentName: agent.name,
    agentBlurb: agent.blurb,
    agentCompanyName: FIRM_NAME,
    agentTitle: agent.title,
    agentContact: agent.name,
    agentAddress: FIRM_OFFICE.address,
    agentCity: FIRM_OFFICE.city,
    agentState: FIRM_OFFICE.state,
    agentZip: FIRM_OFFICE.zip,
    agentCountry2: FIRM_OFFICE.country2,
    agentPhone: FIRM_OFFICE.phone,
    agentEmail: agent.email,
    agentDirectPhone: agent.directPhone,
  };
}

function buildOne(rng: Rng, draft: Draft, privateSeq: number): Built {
  const code = draft.kind === "study" ? "STUDY" : draft.code;
  const play =
    draft.kind === "study" ? rng.weighted(PLAYS.map((p) => [p, p.weight] as const)) : pickPlay(rng, code);
  const location = rng.pick(play.locations);
  const realPlays = play.plays.filter((p) => p !== "Not Applicable");
  let playName = rng.pick(play.plays);
  if (code === "W" && rng.chance(0.6)) playName = "Not Applicable";
  if (playName === "Not Applicable" && rng.chance(0.3)) playName = rng.pick(realPlays);
  const [obj1, obj2] = rng.sample(play.formations, 2);
  const size = rng.weighted(sizeWeights(code));
  const ctx: Context = {
    rng,
    play,
    location,
    playName,
    obj1,
    obj2: rng.chance(0.6) ? obj2 : null,
    code,
    kind: draft.kind,
    size,
  };

  const listedMs = draft.dateListedMs;
  const texts = textsFor(ctx, new Date(listedMs).getUTCFullYear());
  const status = draft.status;
  const statusInfo = LISTING_STATUSES[status];
  const ageDays = Math.floor((REFERENCE_MS - listedMs) / DAY_MS);
  const createdMs = listedMs - rng.int(1, 21) * DAY_MS - rng.int(0, 3600) * 1000;
  let updatedMs: number;
  if (status === "SOLD" || status === "PULLED") {
    updatedMs = listedMs + Math.min(ageDays - 1, rng.int(30, 200)) * DAY_MS + rng.int(0, 3600) * 1000;
  } else {
    updatedMs = listedMs + rng.int(0, Math.min(ageDays, 120)) * DAY_MS + rng.int(0, 3600) * 1000;
  }
  updatedMs = Math.min(updatedMs, REFERENCE_MS - 3600 * 1000);
  updatedMs = Math.max(updatedMs, listedMs);
  const mediaMs = listedMs + Math.floor((rng.next() * (updatedMs - listedMs)) / 1000) * 1000;

  const value = texts.value;
  const dealSize = draft.kind === "study" ? "small" : sizeOf(value);
  const sold = status === "SOLD";
  const active = status === "ACTIVE" || status === "CLOSING" || status === "PRE-MARKETING";
  const isPrivate = draft.kind === "private";
  const isStudy = draft.kind === "study";
  const hasVDR = isStudy ? false : isPrivate ? rng.chance(0.85) : code !== "W" && rng.chance(0.42);
  const buyNow =
    status === "ACTIVE" && !isStudy && code !== "W" && code !== "FO" && rng.chance(isPrivate ? 0.05 : 0.11);
  const projectedSalePrice = buyNow ? Math.round((value * rng.float(0.9, 1.1)) / 25_000) * 25_000 : null;
  const agentPool = isStudy
    ? DEMO_AGENTS.filter((a) => a.agentId === 8 || a.agentId === 3)
    : agentsForRegion(play.region);
  const agent = rng.pick(agentPool);
  const mainCode = code.split("/")[0];
  const seasonEffective = firstOfNextMonth(listedMs - 60 * DAY_MS);

  const listing: Built["listing"] = {
    Header: isPrivate && rng.chance(0.3) ? `Confidential ${texts.Header}` : texts.Header,
    whr: whereText(rng, play, location),
    wht: texts.wht,
    field: code === "W" || isStudy ? null : rng.pick(play.fields),
    fld2: null,
    obj1: isStudy ? null : obj1,
    obj2: isStudy ? null : ctx.obj2,
    methods: texts.methods,
    C4: texts.C4,
    C5: texts.C5,
    C6: timingText(status, listedMs, updatedMs, rng, draft.kind),
    wi: texts.wi,
    prod: texts.prod,
    cashflow: texts.cashflow,
    CF: texts.CF,
    C2: isStudy || code === "W" ? null : `Effective date ${longDate(seasonEffective)}`,
    reserves: texts.reserves,
    other1: texts.other1,
    other2:
      isStudy || code === "W" || code === "SWD"
        ? null
        : play.offshore
          ? rng.pick(OFFSHORE_NOTES)
          : rng.chance(0.7)
            ? rng.pick(INFRASTRUCTURE)
            : null,
    PLSCode: code,
    listingType: mainCode,
    listingTypeDesc: plsCodeDescription(mainCode) ?? null,
    region: play.region,
    area: play.area,
    areaId: areaIdOf(play.area),
    basin: play.basin,
    play: playName,
    status,
    statusId: statusInfo.statusId,
    webStatus: statusInfo.webStatus,
    location: location.name,
    locationId: LOCATION_IDS[play.country],
    coordinates: coordinatesIn(rng, location),
    small: dealSize === "small",
    medium: dealSize === "medium",
    large: dealSize === "large",
    usa: play.country === "usa",
    canada: play.country === "canada",
    international: play.country === "international",
    dateListed: isoDate(listedMs),
    LastUpdatedDate: isoDate(updatedMs),
    mediaUpdatedDate: isoDate(mediaMs),
    createdDate: isoDate(createdMs),
    updatedDate: isoDate(updatedMs),
    isPrivate,
    IsActiveDeal: active,
    isPreMarketing: status === "PRE-MARKETING",
    isStudy,
    liked: false,
    sold,
    hasVDR,
    hasDueDiligenceAccess: false,
    requiresDueDiligenceAccess: hasVDR,
    showListingFiles: hasVDR || rng.chance(0.2),
    showEmailForListingFiles: !hasVDR && rng.chance(0.3),
    hasLogoImage: false,
    projectedSalePrice,
    buyNow,
    isSalesLeadOnly: false,
    isHiredNowPackaging: false,
    docusignTemplateId: hasVDR && rng.chance(0.5) ? fakeId(rng, "demo-tmpl") : null,
    comboCurveProjectId: null,
    searchGroup: isStudy ? "research" : isPrivate ? "private" : "public",
    ...agentFields(agent),
  };
  const fld2 = rng.chance(0.45) ? rng.pick(play.fields) : null;
  listing.fld2 = listing.field !== null && fld2 !== listing.field ? fld2 : null;
  listing.hasLogoImage = !isStudy && rng.chance(0.5);
  listing.isSalesLeadOnly =
    draft.kind === "public" && status === "ACTIVE" && code !== "W" && rng.chance(0.035);
  listing.isHiredNowPackaging =
    draft.kind === "public" &&
    (status === "PRE-MARKETING" ? rng.chance(0.5) : status === "ACTIVE" && rng.chance(0.01));

  const flags = { cover: rng.chance(0.7), logo: listing.hasLogoImage, tombstone: sold };

  let extras: Built["extras"] = null;
  if (isPrivate) {
    const female = rng.chance(0.45);
    const fname = rng.pick(female ? FIRST_NAMES_FEMALE : FIRST_NAMES_MALE);
    const lname = rng.pick(LAST_NAMES);
    const [address, phonePrefix] = SELLER_OFFICES[play.region];
    const closingMs = listedMs + rng.int(45, 100) * DAY_MS;
    const deadlineMs = closingMs - rng.int(7, 21) * DAY_MS;
    const phone = `${phonePrefix}${String(rng.int(30, 99))}`;
    const comments = rng.pick([
      "Confidential process limited to pre-qualified buyers.",
      "Seller prefers a single buyer for the whole package.",
      "Management presentations available on request after CA.",
      "Seller open to a partial-interest sale.",
    ]);
    const folderWord = play.basinShort.replace(/[^A-Za-z]+/g, "");
    const hide = rng.chance(0.3);
    const code8 = passcode(rng);
    extras = (listingId: number) => {
      const seller = demoSellerOf({ ListingId: listingId, PLSCode: code });
      return {
        folder: `PVT-${new Date(listedMs).getUTCFullYear()}-${String(privateSeq).padStart(2, "0")}-${folderWord}`,
        passcode: code8,
        comments,
        openingDate: isoDate(listedMs),
        closingDate: isoDate(closingMs),
        deadlineDate: isoDate(deadlineMs),
        deadlineDataroom: isoDate(listedMs + 3 * DAY_MS),
        deadlineNotification: isoDate(deadlineMs - 5 * DAY_MS),
        deadlinePrequalification: isoDate(listedMs + 10 * DAY_MS),
        contactUserId: 5000 + privateSeq,
        salutation: female ? "Ms." : "Mr.",
        fname,
        lname,
        email: `${fname}.${lname}@${seller.domain}`.toLowerCase(),
        companyId: 700 + privateSeq,
        companyName: seller.name,
        website: `https://www.${seller.domain}`,
        address,
        phone,
        hideSimilarDeals: hide,
      };
    };
  }
  return { listing, flags, extras };
}

/**
 * The demo book: at least 240 listings (public, private and research), identical for
 * the same seed. ListingIds run from 1001 in order of listing date; the array is in the
 * site's default order (active deals first, newest first) and RowNumber follows it.
 */
export function generateDemoListings(seed = 2026): DemoListings {
  const rng = createRng(seed);

  const pubCodes = publicCodes(rng.fork("public-codes"));
  const pubStatuses = assignStatuses(rng.fork("public-statuses"), pubCodes, PUBLIC_STATUS_COUNTS);
  const privRng = rng.fork("private-codes");
  const privCodes = Array.from({ length: PRIVATE_COUNT }, () => privRng.weighted(PRIVATE_CODES));
  const privStatuses = assignStatuses(rng.fork("private-statuses"), privCodes, PRIVATE_STATUS_COUNTS);

  const drafts: Draft[] = [];
  const dateRng = rng.fork("dates");
  const addDraft = (kind: Kind, code: string, status: ListingStatusCode) => {
    const age = listedAgeDays(dateRng, status, kind);
    const minutes = dateRng.int(13 * 60, 22 * 60);
    const dateListedMs = REFERENCE_MS - age * DAY_MS - 24 * 3600 * 1000 + minutes * 60 * 1000;
    drafts.push({ kind, code, status, order: drafts.length, dateListedMs });
  };
  for (const [i, code] of pubCodes.entries()) addDraft("public", code, pubStatuses[i]);
  for (const [i, code] of privCodes.entries()) addDraft("private", code, privStatuses[i]);
  for (let i = 0; i < STUDY_COUNT; i++) addDraft("study", "STUDY", "ACTIVE");

  // Older deals get lower ids, as they would in the firm's own system.
  const chronological = drafts.slice().sort((a, b) => a.dateListedMs - b.dateListedMs || a.order - b.order);

  const builtRng = rng.fork("listings");
  let privateSeq = 0;
  const listings: Listing[] = [];
  const privateExtras = new Map<number, PrivateDealExtras>();
  chronological.forEach((draft, index) => {
    const listingId = 1001 + index;
    const built = buildOne(builtRng.fork(listingId), draft, draft.kind === "private" ? ++privateSeq : 0);
    const media = `/media/listings/${listingId}`;
    listings.push({
      ...built.listing,
      ListingId: listingId,
      RowNumber: null,
      Url: `/deals/${listingId}`,
      boxLogoUrl: built.flags.logo ? `${media}/logo.png` : null,
      ImageUrl: built.flags.cover ? `${media}/cover.jpg` : null,
      tombstoneUrl: built.flags.tombstone ? `${media}/tombstone.png` : null,
    });
    if (built.extras) privateExtras.set(listingId, built.extras(listingId));
  });

  listings.sort(
    (a, b) =>
      Number(b.IsActiveDeal) - Number(a.IsActiveDeal) ||
      (b.dateListed ?? "").localeCompare(a.dateListed ?? "") ||
      a.ListingId - b.ListingId,
  );
  listings.forEach((listing, i) => {
    listing.RowNumber = i + 1;
  });
  return { listings, privateExtras };
}

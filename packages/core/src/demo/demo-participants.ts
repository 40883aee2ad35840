import {
  ASSET_TYPES,
  buyerAssetKey,
  EMPTY_INTERESTS,
  INTEREST_REGIONS,
  type Interests,
  PRODUCTION_INTERESTS,
  sellerAssetKey,
} from "@aea/domain";
import { createRng, type Rng } from "./random.ts";

/**
 * The demo's buyer network (issue 22): thousands of generated buyer accounts with varied companies,
 * interests, regions, agreements and data-room activity, so the analysis tools have something to
 * answer. Deterministic for a seed (nothing reads the clock but `now`), and none of them can log in:
 * their password hash is no hash at all, so no password matches it.
 */
export const DEMO_PARTICIPANT_COUNT = 2100;
/** Not an argon2 hash: the password check fails for every password (see demo-participants.test.ts). */
export const UNUSABLE_PASSWORD_HASH = "!generated-demo-participant: no password";
export const DEMO_PARTICIPANT_DOMAIN = "participants.anticline.test";

const FIRST = [
  "James",
  "Maria",
  "Robert",
  "Linda",
  "Michael",
  "Patricia",
  "David",
  "Jennifer",
  "William",
  "Elizabeth",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Carlos",
  "Karen",
  "Daniel",
  "Nancy",
  "Matthew",
  "Lisa",
  "Anthony",
  "Betty",
  "Mark",
  "Sandra",
  "Steven",
  "Ashley",
  "Paul",
  "Emily",
  "Andrew",
  "Donna",
  "Joshua",
  "Michelle",
  "Kenneth",
  "Carol",
  "Kevin",
  "Amanda",
  "Brian",
  "Melissa",
  "Wei",
  "Priya",
  "Ahmed",
  "Sofia",
  "Hiroshi",
  "Olga",
  "Diego",
  "Aisha",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Hill",
  "Green",
  "Adams",
  "Baker",
  "Nelson",
  "Carter",
  "Mitchell",
  "Roberts",
  "Nguyen",
  "Patel",
  "Khan",
  "Chen",
  "Kowalski",
  "Okafor",
  "Schmidt",
  "Dubois",
];
const COMPANY_ROOTS = [
  "Permian",
  "Red River",
  "Lone Star",
  "Big Horn",
  "Caddo",
  "Wolfberry",
  "Eagle Ford",
  "Anadarko",
  "Black Warrior",
  "Sabine",
  "Pecos",
  "Bakken",
  "Marcellus",
  "Haynesville",
  "Osage",
  "Cimarron",
  "Brazos",
  "Trinity",
  "Powder River",
  "San Juan",
  "Uinta",
  "Wind River",
  "Tuscaloosa",
  "Austin Chalk",
  "Delaware",
  "Midland",
  "Barnett",
  "Niobrara",
  "Woodford",
  "Granite Wash",
  "Frio",
  "Yegua",
  "Cotton Valley",
  "Smackover",
  "Arbuckle",
  "Hugoton",
  "Sooner",
  "Maverick",
  "Canyon",
  "Mesa",
];
const COMPANY_KINDS = [
  "Energy LLC",
  "Resources Inc.",
  "Royalty Partners",
  "Minerals LP",
  "Operating Co.",
  "Petroleum Corp.",
  "Exploration LLC",
  "Land & Minerals",
  "Capital Partners",
  "Oil & Gas Ltd.",
];
const TITLES = [
  "Landman",
  "Senior Landman",
  "VP Land",
  "VP Business Development",
  "Acquisitions Manager",
  "Reservoir Engineer",
  "Geologist",
  "CEO",
  "President",
  "CFO",
  "Managing Partner",
  "Portfolio Manager",
  "Analyst",
  "Director of Acquisitions",
  "Mineral Manager",
  "Owner",
];
const CITIES = [
  ["Houston", "TX"],
  ["Midland", "TX"],
  ["Dallas", "TX"],
  ["Fort Worth", "TX"],
  ["San Antonio", "TX"],
  ["Austin", "TX"],
  ["Tulsa", "OK"],
  ["Oklahoma City", "OK"],
  ["Denver", "CO"],
  ["Shreveport", "LA"],
  ["Lafayette", "LA"],
  ["New Orleans", "LA"],
  ["Casper", "WY"],
  ["Billings", "MT"],
  ["Bismarck", "ND"],
  ["Pittsburgh", "PA"],
  ["Bakersfield", "CA"],
  ["Wichita", "KS"],
  ["Jackson", "MS"],
  ["Calgary", "AB"],
  ["New York", "NY"],
  ["Anchorage", "AK"],
] as const;
const REGION_WEIGHTS = INTEREST_REGIONS.map(
  (region, i) => [region, region === "Permian" ? 8 : 12 - i] as const,
);
const ALERT_CHOICES = [
  ["immediately", 5],
  ["daily", 3],
  ["off", 2],
] as const;

const DAY_MS = 86_400_000;

export interface DemoParticipant {
  /** Position in the generated list: the rows below name their buyer by it. */
  index: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  title: string;
  city: string;
  state: string;
  verified: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  interests: Interests;
  dealAlerts: "immediately" | "daily" | "off";
  likedListingIds: number[];
  privateListingIds: number[];
  /** Data rooms entered, each with how and when, whether the agreement was signed, and what was read. */
  dataRooms: Array<{
    ListingId: number;
    via: "code" | "staff" | "request";
    grantedAt: string;
    signedAt: string | null;
    events: Array<{
      event: "folder-opened" | "file-previewed" | "file-downloaded";
      at: string;
      /** How far into the room the look went, from 0 (its first file) towards 1 (its last). */
      depth: number;
    }>;
  }>;
}

/** The generated buyers, given the public deals with data rooms, the other public deals and the private ones. */
export function generateDemoParticipants(
  deals: { withDataRoom: number[]; publicIds: number[]; privateIds: number[] },
  now: number,
  count = DEMO_PARTICIPANT_COUNT,
  seed = 22,
): DemoParticipant[] {
  const root = createRng(seed);
  const companies = root
    .shuffle(COMPANY_ROOTS.flatMap((name) => COMPANY_KINDS.map((kind) => `${name} ${kind}`)))
    .slice(0, 320);
  return Array.from({ length: count }, (_, index) =>
    participant(root.fork(index), index, companies, deals, now),
  );
}

function participant(
  rng: Rng,
  index: number,
  companies: string[],
  deals: { withDataRoom: number[]; publicIds: number[]; privateIds: number[] },
  now: number,
): DemoParticipant {
  const firstName = rng.pick(FIRST);
  const lastName = rng.pick(LAST);
  const [city, state] = rng.pick(CITIES);
  // Older accounts more often: the network grew over six years.
  const created = now - Math.floor(rng.next() ** 0.7 * 6 * 365 * DAY_MS);
  const verified = rng.chance(0.86);
  const lastLogin = verified && rng.chance(0.8) ? created + Math.floor(rng.next() * (now - created)) : null;
  const iso = (ms: number) => new Date(ms).toISOString();
  const between = (from: number, to = now) => from + Math.floor(rng.next() * Math.max(0, to - from));
  const dataRooms = verified
    ? rng
        .sample(
          deals.withDataRoom,
          rng.weighted([
            [0, 55],
            [1, 20],
            [2, 12],
            [3, 8],
            [5, 5],
          ]),
        )
        .map((ListingId) => {
          const grantedAt = between(Math.max(created, now - 400 * DAY_MS));
          const signedAt = rng.chance(0.7)
            ? between(grantedAt, Math.min(now, grantedAt + 20 * DAY_MS))
            : null;
          const visits = signedAt ? rng.int(0, 8) : 0;
          const events = Array.from({ length: visits }, () => {
            const event = rng.weighted([
              ["folder-opened", 5],
              ["file-previewed", 4],
              ["file-downloaded", 2],
            ] as const);
            // Most looks stay near the top of the room (the overview), fewer reach its last folders.
            return { event, at: iso(between(signedAt ?? grantedAt)), depth: rng.next() ** 2 };
          });
          return {
            ListingId,
            via: rng.weighted([
              ["code", 6],
              ["request", 3],
              ["staff", 1],
            ] as const),
            grantedAt: iso(grantedAt),
            signedAt: signedAt === null ? null : iso(signedAt),
            events,
          };
        })
    : [];
  return {
    index,
    email: `${firstName}.${lastName}.${index}@${DEMO_PARTICIPANT_DOMAIN}`.toLowerCase(),
    firstName,
    lastName,
    companyName: rng.pick(companies),
    title: rng.pick(TITLES),
    city,
    state,
    verified,
    createdAt: iso(created),
    lastLoginAt: lastLogin === null ? null : iso(lastLogin),
    interests: interests(rng),
    dealAlerts: rng.weighted(ALERT_CHOICES),
    likedListingIds: some(
      rng,
      deals.publicIds,
      rng.weighted([
        [0, 50],
        [1, 20],
        [3, 20],
        [8, 10],
      ]),
    ),
    privateListingIds: verified && rng.chance(0.06) ? some(rng, deals.privateIds, rng.int(1, 3)) : [],
    dataRooms,
  };
}

function interests(rng: Rng): Interests {
  const chosen: Interests = { ...EMPTY_INTERESTS, selectedRegions: [] };
  const flags = chosen as unknown as Record<string, boolean>;
  for (const type of some(rng, ASSET_TYPES, rng.int(1, 4))) flags[buyerAssetKey(type.key)] = true;
  for (const type of some(
    rng,
    ASSET_TYPES,
    rng.weighted([
      [0, 6],
      [1, 3],
      [2, 1],
    ]),
  ))
    flags[sellerAssetKey(type.key)] = true;
  for (const production of some(rng, PRODUCTION_INTERESTS, rng.int(1, 5))) flags[production.key] = true;
  const regions = new Set(Array.from({ length: rng.int(1, 3) }, () => rng.weighted(REGION_WEIGHTS)));
  chosen.selectedRegions = INTEREST_REGIONS.filter((region) => regions.has(region));
  return chosen;
}

/**
 * `count` distinct items in random order, drawing only as many random numbers as it picks: the
 * generator's `sample` shuffles the whole list each time, too slow for thousands of buyers.
 */
function some<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const picked = new Set<number>();
  const wanted = Math.min(count, items.length);
  while (picked.size < wanted) picked.add(rng.int(0, items.length - 1));
  return [...picked].map((i) => items[i] as T);
}

/**
 * Demo content for every collection of spec §3: what a firm's marketing staff would have entered,
 * written for the fictional Anticline Energy Advisors (people and phone numbers are fictional; e-mail
 * addresses use .test). Pictures are drawn locally (demo-content-images.ts); nothing is fetched.
 *
 * Client logos live on the home page (`home_page.client_logos`, each file titled with the client's
 * name) so that the home page's carousels come from one request; `promotions` holds promotional
 * tiles (a sale, buyer registration).
 *
 * A few items are drafts or archived on purpose, so the status rule of §7 is visible in the demo.
 */
import { createHash } from "node:crypto";
import {
  type ContentStatus,
  dealsHref,
  HERO_BANNER_SIZE,
  HERO_SIDE_IMAGE_HEIGHT,
  MINERALS_FOR_SALE,
  ROYALTIES_AND_OVERRIDES,
  TOMBSTONE_SIZE,
} from "@aea/domain";
import type { ContentItem } from "../content/content.repository.ts";
import { DEMO_AGENTS, FIRM_NAME, FIRM_OFFICE } from "./agents.ts";
import {
  contourSvg,
  crossSectionSvg,
  pitchbookCoverSvg,
  portraitSvg,
  type SceneLight,
  type SceneMotif,
  sceneSvg,
} from "./demo-content-images.ts";
import { pitchbookPdf } from "./demo-pitchbook-pdf.ts";
import { logoSvg, shortHeader, tombstoneSvg } from "./listing-images.ts";
import type { DemoListings } from "./listings.ts";
import { demoSeller, demoSellerOf } from "./sellers.ts";

/** A demo picture, drawn as SVG and rendered by sharp. */
export interface DemoImage {
  type: "image/jpeg" | "image/png";
  width: number;
  height: number;
  focalPoint?: { x: number; y: number };
  svg: () => string;
}

/** A demo document (the pitchbooks' PDFs), written by pdf-lib. */
export interface DemoDocument {
  type: "application/pdf";
  width: null;
  height: null;
  pdf: () => Promise<Uint8Array>;
}

export type DemoFile = (DemoImage | DemoDocument) & {
  id: string;
  /** Relative to content/ in storage. */
  storagePath: string;
  filename: string;
  title: string;
};

const EXTENSIONS: Record<DemoFile["type"], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

export interface DemoContent {
  items: ContentItem[];
  files: DemoFile[];
}

export const DEMO_CONTENT_CREATED_AT = "2026-10-01T09:00:00.000Z";

/** A stable UUID per demo file, so a fresh media folder next to a seeded database finds its files. */
function demoFileId(key: string): string {
  const hex = createHash("sha256").update(`demo-content-file:${key}`).digest("hex");
  const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

class FileShelf {
  readonly files: DemoFile[] = [];

  add(key: string, title: string, spec: DemoImage | DemoDocument): string {
    const extension = EXTENSIONS[spec.type];
    const file: DemoFile = {
      id: demoFileId(key),
      storagePath: `demo/${key}.${extension}`,
      filename: `${key}.${extension}`,
      title,
      ...spec,
    };
    this.files.push(file);
    return file.id;
  }

  scene(key: string, title: string, width: number, height: number, motif: SceneMotif, light: SceneLight) {
    return this.add(key, title, {
      type: "image/jpeg",
      width,
      height,
      svg: () => sceneSvg({ width, height, seed: key, motif, light }),
    });
  }
}

class ItemShelf {
  readonly items: ContentItem[] = [];
  readonly #next = new Map<string, number>();

  add(collection: string, data: Record<string, unknown>, status: ContentStatus = "published"): number {
    const id = (this.#next.get(collection) ?? 0) + 1;
    this.#next.set(collection, id);
    this.items.push({
      collection,
      id,
      status,
      sort: id,
      data,
      createdAt: DEMO_CONTENT_CREATED_AT,
      updatedAt: DEMO_CONTENT_CREATED_AT,
    });
    return id;
  }
}

const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

/** The whole demo content, derived from the demo deals (tombstones, client logos) and the deal team. */
export function demoContent(deals: DemoListings): DemoContent {
  const files = new FileShelf();
  const items = new ItemShelf();
  heroSlides(files, items);
  services(files, items);
  const people = team(files, items);
  caseStudiesAndHome(files, items, deals);
  posts(files, items, people);
  pressReleases(items);
  pitchbooks(files, items);
  energyPrices(items);
  contactPage(items);
  promotions(files, items);
  return { items: items.items, files: files.files };
}

function heroSlides(files: FileShelf, items: ItemShelf) {
  const slides: {
    title: string;
    body: string;
    links: { title: string; url: string }[];
    click_url: string;
    motif: SceneMotif;
    light: SceneLight;
    status?: ContentStatus;
  }[] = [
    {
      title: "Four Decades of Oil & Gas Divestitures",
      body: `<h2>Oil &amp; Gas Acquisitions and Divestitures</h2>${html("Since 1985 we have marketed producing properties, leasehold and minerals for operators, funds and families — more than $9 billion transacted.")}`,
      links: [
        { title: "Current Assignments", url: "/deals/public" },
        { title: "Sell Your Assets", url: "/seller" },
      ],
      click_url: "/deals/public",
      motif: "pumpjacks",
      light: "dusk",
    },
    {
      title: "Data Rooms Buyers Trust",
      body: `<h2>Virtual Data Rooms, Hosted In-House</h2>${html("Reserve reports, land files and well data organised the way engineers read them, open around the clock to qualified buyers.")}`,
      links: [{ title: "Data Room Hosting", url: "/services/data-room-hosting" }],
      click_url: "/services/data-room-hosting",
      motif: "rig",
      light: "night",
    },
    {
      title: "Minerals & Royalties",
      body: `<h2>Mineral and Royalty Packages</h2>${html("From a single family tract to basin-wide portfolios, we price and market NRA packages to the buyers who pay the most for them.")}`,
      links: [
        { title: "Mineral Deals", url: dealsHref({ type: MINERALS_FOR_SALE.queryValue }) },
        { title: "Royalty Deals", url: dealsHref({ type: ROYALTIES_AND_OVERRIDES.queryValue }) },
      ],
      click_url: dealsHref({ type: MINERALS_FOR_SALE.queryValue }),
      motif: "prairie",
      light: "dawn",
    },
    {
      title: "Technical Evaluation Behind Every Package",
      body: `<h2>Engineering That Holds Up in Diligence</h2>${html("Type curves, decline analysis and PV10 models built by our own engineers, so bids come in firm.")}`,
      links: [{ title: "Technical Services", url: "/pitchbooks/capabilities-pitchbook" }],
      click_url: "/pitchbooks/capabilities-pitchbook",
      motif: "tanks",
      light: "day",
    },
    {
      title: "Winter Sealed-Bid Sale",
      body: `<h2>Winter Sealed-Bid Sale</h2>${html("Forty packages, one bid date. Details to follow.")}`,
      links: [{ title: "Register as a Buyer", url: "/buyer/signup" }],
      click_url: "/buyer/signup",
      motif: "pipeline",
      light: "dusk",
      status: "draft",
    },
    {
      title: "2025 Year in Review",
      body: `<h2>2025 Year in Review</h2>${html("Sixty-two closings across eleven basins.")}`,
      links: [],
      click_url: "/resources/press-releases",
      motif: "prairie",
      light: "day",
      status: "archived",
    },
  ];
  slides.forEach((slide, i) => {
    const key = `hero-${i + 1}`;
    const { width, height } = HERO_BANNER_SIZE;
    const banner = files.add(`${key}-banner`, slide.title, {
      type: "image/jpeg",
      width,
      height,
      // The equipment stands right of centre: narrow crops keep it in view.
      focalPoint: { x: 1330, y: 520 },
      svg: () =>
        sceneSvg({ width, height, seed: key, motif: slide.motif, light: slide.light, equipment: "right" }),
    });
    const image = files.scene(
      `${key}-side`,
      slide.title,
      520,
      HERO_SIDE_IMAGE_HEIGHT,
      slide.motif,
      slide.light,
    );
    items.add(
      "hero_slider",
      {
        title: slide.title,
        body: slide.body,
        click_url: slide.click_url,
        links: slide.links,
        link_button_color: i % 2 === 0 ? "#f59e0b" : "#ffffff",
        image,
        banner,
      },
      slide.status,
    );
  });
}

function services(files: FileShelf, items: ItemShelf) {
  const motifs: SceneMotif[] = ["pumpjacks", "rig", "tanks", "pipeline", "prairie"];
  const lights: SceneLight[] = ["dusk", "dawn", "day", "night"];
  const sideImages = Array.from({ length: 9 }, (_, i) =>
    files.scene(`service-side-${i + 1}`, `Field view ${i + 1}`, 480, 600, motifs[i % 5], lights[i % 4]),
  );
  const catalogue = [
    {
      path: "divestiture-advisory",
      title: "Divestiture Advisory",
      slide_title: "Turn Non-Core Assets Into Cash",
      body_title: "A full-service sale, start to close",
      body: html(
        "We run the whole process: valuation, marketing package, data room, buyer outreach, bid evaluation and closing support.",
        "Sellers choose sealed-bid, negotiated or auction sales; we recommend the one that fits the asset and the market.",
      ),
      underline_color: "#f59e0b",
    },
    {
      path: "premier-packaging",
      title: "Premier Packaging",
      slide_title: "Marketing Packages Buyers Read",
      body_title: "The asset, told clearly",
      body: html(
        "Executive summaries, maps, production plots and reserve tables in a consistent format that buyers' engineers know from a hundred of our sales.",
      ),
      underline_color: "#0e7490",
    },
    {
      path: "data-room-hosting",
      title: "Data Room Hosting",
      slide_title: "Virtual Data Rooms",
      body_title: "Diligence without the wait",
      body: html(
        "Secure, indexed data rooms hosted on our own platform, with access by confidentiality agreement and activity reports for the seller.",
      ),
      underline_color: "#b45309",
    },
    {
      path: "aggressive-marketing",
      title: "Aggressive Marketing",
      slide_title: "Every Qualified Buyer, Every Time",
      body_title: "Reach that moves prices",
      body: html(
        "Each package goes to a buyer list built from four decades of closings, with follow-up calls from the deal team rather than a blast e-mail.",
      ),
      underline_color: "#4d7c0f",
    },
    {
      path: "unparalleled-outreach",
      title: "Unparalleled Outreach",
      slide_title: "The Largest Buyer Network",
      body_title: "Thousands of active buyers",
      body: html(
        "Public and private operators, mineral funds, family offices and international groups: our registered buyers see new deals the day they launch.",
      ),
      underline_color: "#1d4ed8",
    },
    {
      path: "technical-services",
      title: "Technical Services",
      slide_title: "Engineering and Geology",
      body_title: "Numbers that hold up in diligence",
      body: html(
        "Reserve reports, type curves, decline analysis and PV10 economics by our in-house engineers and geologists.",
      ),
      underline_color: "#9a3412",
    },
    {
      path: "minerals-royalties",
      title: "Minerals & Royalties",
      slide_title: "Mineral and Royalty Sales",
      body_title: "Priced by people who buy them",
      body: html(
        "NRA valuations that account for operator plans, spacing and decline, marketed to the funds and families that pay the most.",
      ),
      underline_color: "#a16207",
    },
  ];
  catalogue.forEach((service, i) => {
    const key = `service-${service.path}`;
    items.add("service", {
      ...service,
      seo_title: `${service.title} | ${FIRM_NAME}`,
      seo_description: `${service.title}: ${service.body_title.toLowerCase()}. ${FIRM_NAME} has marketed oil and gas properties for four decades.`,
      seo_keywords: `${service.title.toLowerCase()}, oil and gas divestitures, A&D advisory`,
      banner_image: files.scene(
        `${key}-banner`,
        service.title,
        1900,
        750,
        motifs[i % 5],
        lights[(i + 1) % 4],
      ),
      centered_background_image: files.add(`${key}-background`, `${service.title} background`, {
        type: "image/jpeg",
        width: 1200,
        height: 800,
        svg: () => contourSvg(1200, 800, key),
      }),
      top_side_image: sideImages[i % 9],
      middle_side_image: sideImages[(i + 3) % 9],
      undermost_side_image: sideImages[(i + 6) % 9],
    });
  });
}

interface Person {
  name: string;
  title: string;
  location: string;
  email: string;
  experiences: string[];
  bio: string;
}

const PORTRAIT_COLOURS = ["#13294b", "#2c4a6b", "#0e7490", "#4d7c0f", "#9a3412", "#6d28d9", "#b45309"];

const agentLocations: Record<number, string> = {
  4: "Oklahoma City, OK",
  5: "Denver, CO",
  6: "Pittsburgh, PA",
};

const supportStaff: Person[] = [
  {
    name: "Daniel Ortiz",
    title: "Senior Geologist",
    location: "Houston, TX",
    email: "daniel.ortiz@anticline.test",
    experiences: [
      "Structure and isopach mapping",
      "Permian and Gulf Coast geology",
      "18 years in exploration",
    ],
    bio: "Daniel maps the rock behind every package and answers buyers' geology questions in diligence.",
  },
  {
    name: "Megan Cho",
    title: "Marketing Manager",
    location: "Houston, TX",
    email: "megan.cho@anticline.test",
    experiences: ["Marketing packages and maps", "Buyer communications", "Trade-show programme"],
    bio: "Megan produces the marketing packages and runs launch-day communications.",
  },
  {
    name: "Samuel Akintola",
    title: "Data Room Manager",
    location: "Houston, TX",
    email: "samuel.akintola@anticline.test",
    experiences: ["Virtual data room build-out", "Confidentiality agreements", "Bid logistics"],
    bio: "Samuel builds and runs the data rooms, from the first upload to the last bid.",
  },
  {
    name: "Laura Pennington",
    title: "Land Manager",
    location: "Midland, TX",
    email: "laura.pennington@anticline.test",
    experiences: ["Title and lease review", "Division orders", "Closing and conveyance support"],
    bio: "Laura reviews title and leases and keeps closings on schedule.",
  },
];

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

/** The team page's two teams, and the same people as items of `team` (post authors point at them). */
function team(files: FileShelf, items: ItemShelf): Map<string, number> {
  const dealTeam: Person[] = DEMO_AGENTS.slice(0, 7).map((agent) => ({
    name: agent.name,
    title: agent.title,
    location: agentLocations[agent.agentId] ?? "Houston, TX",
    email: agent.email,
    experiences: [`${agent.regions.join(", ")} transactions`, ...agent.blurb.split(". ").slice(0, 2)].map(
      (e) => e.replace(/\.$/, ""),
    ),
    bio: agent.blurb,
  }));
  const technicalTeam: Person[] = [
    ...DEMO_AGENTS.slice(7).map((agent) => ({
      name: agent.name,
      title: agent.title,
      location: "Houston, TX",
      email: agent.email,
      experiences: agent.blurb.split(". ").map((e) => e.replace(/\.$/, "")),
      bio: agent.blurb,
    })),
    ...supportStaff,
  ];
  const teams = [
    { name: "Transaction Team", people: dealTeam },
    { name: "Engineering, Marketing & Data Room", people: technicalTeam },
  ];
  const ids = new Map<string, number>();
  let n = 0;
  const teamRows = teams.map(({ name, people }) => ({
    show_name: true,
    name,
    members: people.map((person) => {
      const key = `portrait-${person.name.toLowerCase().replace(/[^a-z]+/g, "-")}`;
      const colour = PORTRAIT_COLOURS[n++ % PORTRAIT_COLOURS.length];
      const image = files.add(key, person.name, {
        type: "image/png",
        width: 400,
        height: 400,
        svg: () => portraitSvg(initials(person.name), colour),
      });
      const member = {
        image,
        name: person.name,
        title: person.title,
        location: person.location,
        email: person.email,
        experiences: person.experiences.map((item) => ({ item })),
      };
      ids.set(person.name, items.add("team", { ...member, team: name, bio: person.bio }));
      return member;
    }),
  }));
  items.add("team_page", {
    banner:
      "More than 300 years of combined experience marketing oil and gas properties, from a single well to billion-dollar portfolios.",
    seo_title: `Our Team | ${FIRM_NAME}`,
    seo_description:
      "Engineers, geologists, landmen and deal makers who have closed thousands of oil and gas sales.",
    seo_keywords: "oil and gas advisors, A&D team, petroleum engineers",
    teams: teamRows,
  });
  return ids;
}

function caseStudiesAndHome(files: FileShelf, items: ItemShelf, deals: DemoListings) {
  const studies: [string, string, SceneMotif, SceneLight][] = [
    [
      "Permian Non-Op Package: 14 Bids",
      "A scattered non-operated position sold in one sealed-bid round.",
      "pumpjacks",
      "dusk",
    ],
    [
      "Haynesville Minerals: 31% Above Ask",
      "A family mineral trust marketed to 600 buyers.",
      "prairie",
      "dawn",
    ],
    [
      "Gulf Coast Operated Exit",
      "An operator's full exit from the Frio trend, closed in 90 days.",
      "tanks",
      "day",
    ],
    [
      "Bakken Working Interest Sale",
      "Working interests in 120 wells sold to a private buyer.",
      "rig",
      "night",
    ],
    [
      "Appalachian Gas Gathering",
      "A gathering system with firm transport, marketed with the acreage.",
      "pipeline",
      "dusk",
    ],
    [
      "Anadarko Royalty Portfolio",
      "Royalty interests across 40 sections sold in two lots.",
      "prairie",
      "day",
    ],
  ];
  const caseImages = studies.map(([title, summary, motif, light], i) => {
    const image = files.scene(`case-study-${i + 1}`, title, 600, 400, motif, light);
    items.add("case_study", { title, summary, image });
    return image;
  });
  // Public deals only: a tombstone draws the seller's name, which a private deal keeps confidential.
  const sold = deals.listings.filter((l) => l.sold && !l.isPrivate && l.tombstoneUrl).slice(0, 8);
  const tombstones = sold.map((listing) =>
    files.add(`tombstone-${listing.ListingId}`, `Sold: ${shortHeader(listing.Header)}`, {
      type: "image/png",
      ...TOMBSTONE_SIZE,
      svg: () => tombstoneSvg(listing, demoSellerOf(listing)),
    }),
  );
  // Clients drawn from the demo sellers, skipping repeated names.
  const clients = [
    ...new Map([...Array(40).keys()].map((i) => demoSeller(9000 + i)).map((s) => [s.shortName, s])),
  ]
    .slice(0, 8)
    .map(([, seller]) =>
      files.add(`client-${seller.domain.replace(/\.test$/, "")}`, seller.shortName, {
        type: "image/png",
        width: 300,
        height: 300,
        svg: () => logoSvg(seller),
      }),
    );
  items.add("home_page", {
    seo_title: `Oil and Gas Acquisitions and Divestiture Advisory Services | ${FIRM_NAME}`,
    seo_description:
      "Four decades successfully marketing oil and gas properties: the largest buyer network, the most experienced team and proven processes.",
    seo_keywords: "oil and gas divestitures, A&D advisory, sell oil and gas properties, mineral rights sales",
    seo_image: files.add("seo-home", FIRM_NAME, {
      type: "image/jpeg",
      width: 1200,
      height: 630,
      svg: () =>
        sceneSvg({
          width: 1200,
          height: 630,
          seed: "seo-home",
          motif: "pumpjacks",
          light: "dusk",
          caption: FIRM_NAME,
        }),
    }),
    case_history_images: caseImages,
    tombstone_images: tombstones,
    tech_services_image: files.add("technical-services", "Technical Services", {
      type: "image/jpeg",
      width: 800,
      height: 500,
      svg: () => crossSectionSvg(800, 500),
    }),
    client_logos: clients,
  });
}

function posts(files: FileShelf, items: ItemShelf, people: Map<string, number>) {
  const tags = new Map<string, number>();
  for (const [name, status] of [
    ["Market Update", "published"],
    ["Divestitures", "published"],
    ["Minerals & Royalties", "published"],
    ["Permian", "published"],
    ["Natural Gas", "published"],
    ["Data Rooms", "published"],
    ["Company News", "archived"],
  ] as const) {
    const slug = name
      .toLowerCase()
      .replace(/&/g, "and")
      .replace(/[^a-z]+/g, "-");
    tags.set(name, items.add("post_tag", { name, slug }, status));
  }
  const list: {
    title: string;
    summary: string;
    paragraphs: string[];
    date: string;
    author: string;
    tags: string[];
    motif: SceneMotif;
    light: SceneLight;
    status?: ContentStatus;
  }[] = [
    {
      title: "What Buyers Paid for Permian Non-Op in 2026",
      summary: "Bid spreads, PV10 multiples and what moved them this year.",
      paragraphs: [
        "Non-operated Permian packages drew more bidders in 2026 than in any year since 2019.",
        "Buyers paid the most for positions with near-term development under strong operators.",
      ],
      date: "2026-10-14",
      author: "Caroline Whitfield",
      tags: ["Market Update", "Permian", "Divestitures"],
      motif: "pumpjacks",
      light: "dusk",
    },
    {
      title: "Five Things to Prepare Before Selling Minerals",
      summary: "Title, check stubs, leases: what speeds a mineral sale and what stalls it.",
      paragraphs: [
        "A clean run sheet and two years of check stubs answer most buyers' first questions.",
        "Unleased acreage needs maps; leased acreage needs the leases.",
      ],
      date: "2026-09-22",
      author: "Hannah Okafor",
      tags: ["Minerals & Royalties", "Divestitures"],
      motif: "prairie",
      light: "dawn",
    },
    {
      title: "Gas Prices and the Haynesville Bid Season",
      summary: "How the strip shaped bids for gas-weighted packages this autumn.",
      paragraphs: [
        "Henry Hub's recovery pulled gas-weighted buyers back to the table.",
        "Firm transport remained the single biggest driver of value in the play.",
      ],
      date: "2026-09-03",
      author: "Marcus Delacroix",
      tags: ["Market Update", "Natural Gas"],
      motif: "pipeline",
      light: "day",
    },
    {
      title: "Inside a Virtual Data Room",
      summary: "How we organise a data room so engineers find what they need in minutes.",
      paragraphs: [
        "Every data room follows the same index: land, engineering, geology, operations, financials.",
        "Activity reports show the seller which buyers are doing real work.",
      ],
      date: "2026-08-18",
      author: "Rebecca Lindqvist",
      tags: ["Data Rooms"],
      motif: "rig",
      light: "night",
    },
    {
      title: "Sealed Bid or Negotiated Sale?",
      summary: "Choosing a sale process that fits the asset and the market.",
      paragraphs: [
        "Sealed bids set a firm timetable and suit well-understood assets.",
        "Negotiated sales suit unusual assets that need a buyer's imagination.",
      ],
      date: "2026-07-29",
      author: "Wade Thornton",
      tags: ["Divestitures"],
      motif: "tanks",
      light: "dusk",
    },
    {
      title: "Type Curves Buyers Believe",
      summary: "Why our engineers show their work, and why it raises bids.",
      paragraphs: [
        "Buyers discount what they cannot check.",
        "We publish the wells behind every type curve so diligence confirms rather than questions.",
      ],
      date: "2026-07-08",
      author: "Jake Holloway",
      tags: ["Market Update", "Permian"],
      motif: "pumpjacks",
      light: "day",
    },
    {
      title: "Year-End Outlook for Appalachian Gas",
      summary: "A draft outlook for the coming winter.",
      paragraphs: ["Draft: figures to be confirmed."],
      date: "2026-11-20",
      author: "Thomas Brennan",
      tags: ["Natural Gas", "Company News"],
      motif: "pipeline",
      light: "night",
      status: "draft",
    },
  ];
  list.forEach((post, i) => {
    const slug = post.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    items.add(
      "post",
      {
        title: post.title,
        slug,
        summary: post.summary,
        body: html(...post.paragraphs),
        date_published: post.date,
        image: files.scene(`post-${i + 1}`, post.title, 1200, 675, post.motif, post.light),
        author: people.get(post.author) ?? null,
        tags: post.tags.map((t) => tags.get(t)),
        reading_minutes: 3 + (i % 4),
      },
      post.status,
    );
  });
}

function pressReleases(items: ItemShelf) {
  const releases: [string, string, string, ContentStatus?][] = [
    [
      "Anticline Energy Advisors Closes Record Third Quarter",
      "2026-10-06",
      "Twenty-four closings in the quarter, led by Permian and Haynesville packages.",
    ],
    [
      "Anticline Launches Winter Sealed-Bid Sale",
      "2026-09-15",
      "Forty packages across nine basins, with bids due in December.",
    ],
    [
      "Hannah Okafor Named Director, Minerals & Royalties",
      "2026-07-01",
      "Okafor will lead the firm's mineral and royalty practice.",
    ],
    [
      "Anticline Opens Denver Office",
      "2026-04-20",
      "The office serves sellers in the Rockies and the Williston Basin.",
    ],
    [
      "Anticline Passes $9 Billion in Transactions",
      "2026-02-10",
      "The firm has now marketed more than $9 billion of oil and gas properties since 1985.",
    ],
    ["Anticline Announces 2024 Results", "2025-01-15", "Results for the year 2024.", "archived"],
  ];
  releases.forEach(([title, date, summary, status], i) => {
    items.add(
      "press_release",
      {
        title,
        date,
        body: html(
          `HOUSTON — ${summary}`,
          `${FIRM_NAME} has marketed oil and gas properties for four decades.`,
        ),
        link: `https://news.anticline.test/releases/${date}-${i + 1}`,
      },
      status,
    );
  });
}

function pitchbooks(files: FileShelf, items: ItemShelf) {
  const books = [
    ["products-services", "Products & Services", "What we do for sellers, from valuation to closing."],
    ["tombstones", "Tombstones", "A selection of the transactions we have closed."],
    [
      "capabilities-pitchbook",
      "Capabilities Pitchbook",
      "Our engineering, geology and marketing capabilities.",
    ],
  ] as const;
  for (const [path, title, description] of books) {
    items.add("flipbook", {
      title,
      path,
      description,
      cover_image: files.add(`pitchbook-${path}`, title, {
        type: "image/png",
        width: 600,
        height: 800,
        svg: () => pitchbookCoverSvg(title, FIRM_NAME),
      }),
      pdf: files.add(`anticline-${path}`, title, {
        type: "application/pdf",
        width: null,
        height: null,
        pdf: () =>
          pitchbookPdf({
            title,
            description,
            firmName: FIRM_NAME,
            cover: pitchbookCoverSvg(title, FIRM_NAME),
          }),
      }),
    });
  }
}

function energyPrices(items: ItemShelf) {
  const prices: [string, string, number, number][] = [
    ["WTI Crude", "$/bbl", 71.23, 70.58],
    ["Brent Crude", "$/bbl", 75.41, 75.96],
    ["Henry Hub Natural Gas", "$/MMBtu", 3.12, 3.05],
    ["NGL Composite", "$/bbl", 27.84, 28.19],
  ];
  for (const [name, unit, price, previous_price] of prices) {
    items.add("energy_prices", { name, unit, price, previous_price });
  }
}

function contactPage(items: ItemShelf) {
  items.add("contact_us_page", {
    title: "Contact Us",
    history: html(
      `${FIRM_NAME} was founded in Houston in 1985 to market producing oil and gas properties for independent operators.`,
      "Four decades and thousands of closings later, the firm serves operators, funds, mineral owners and families across North America and abroad.",
    ),
    services: [
      "Divestiture advisory",
      "Marketing packages",
      "Virtual data rooms",
      "Buyer outreach",
      "Engineering and geology",
      "Mineral and royalty sales",
    ].map((item) => ({ item })),
    office_name: "Corporate Office",
    office_address: `${FIRM_OFFICE.address}\n${FIRM_OFFICE.city}, ${FIRM_OFFICE.state} ${FIRM_OFFICE.zip}`,
    phone: FIRM_OFFICE.phone,
    fax: "(713) 555-0199",
    block_list: ["@mailinator.com", "@guerrillamail.com", "@10minutemail.com", "spam@blocked.test"].map(
      (item) => ({ item }),
    ),
  });
}

function promotions(files: FileShelf, items: ItemShelf) {
  items.add("promotions", {
    title: "Register as a Buyer",
    body: html("See new deals the day they launch and request data-room access in one click."),
    image: files.scene("promotion-register", "Register as a Buyer", 800, 400, "rig", "dusk"),
    url: "/buyer/signup",
    button_text: "Register Now",
    start_date: "2026-01-01",
    end_date: null,
  });
  items.add("promotions", {
    title: "Winter Sealed-Bid Sale",
    body: html("Forty packages, one bid date: December 10."),
    image: files.scene("promotion-winter-sale", "Winter Sealed-Bid Sale", 800, 400, "pipeline", "night"),
    url: "/deals/public",
    button_text: "See the Packages",
    start_date: "2026-11-01",
    end_date: "2026-12-10",
  });
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LISTING_STATUSES, type ListingStatusCode, plsCodeDescription } from "@aea/domain";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LocalStorage } from "../storage/local-storage.ts";
import { readObject } from "../storage/storage.ts";
import { isInsideBasin, LOCATION_IDS, PLAYS } from "./basins.ts";
import {
  COVER_SIZE,
  coverSvg,
  LOGO_SIZE,
  logoSvg,
  renderAllListingImages,
  TOMBSTONE_SIZE,
  tombstoneSvg,
} from "./listing-images.ts";
import { DEMO_REFERENCE_DATE, generateDemoListings, LARGE_DEAL_MIN, SMALL_DEAL_MAX } from "./listings.ts";
import { demoSellerOf } from "./sellers.ts";

const demo = generateDemoListings();
const { listings, privateExtras } = demo;
const publicListings = listings.filter((l) => !l.isPrivate && !l.isStudy);

function tokens(code: string): string[] {
  return code.split(/[^A-Z]+/).filter(Boolean);
}

function parseMoney(text: string): number {
  const m = /^\$([\d.]+)(K|MM|B)$/.exec(text);
  if (!m) throw new Error(`not money: ${text}`);
  return Number(m[1]) * { K: 1e3, MM: 1e6, B: 1e9 }[m[2] as "K" | "MM" | "B"];
}

describe("generateDemoListings", () => {
  it("is deterministic for a seed", () => {
    const again = generateDemoListings(2026);
    expect(again.listings).toEqual(listings);
    expect(again.privateExtras).toEqual(privateExtras);
    expect(JSON.stringify(again.listings)).toBe(JSON.stringify(listings));
  });

  it("gives a different book for a different seed", () => {
    const other = generateDemoListings(7);
    expect(other.listings.map((l) => l.Header)).not.toEqual(listings.map((l) => l.Header));
  });

  it("has enough public, private and research deals", () => {
    expect(listings.length).toBeGreaterThanOrEqual(240);
    expect(publicListings.length).toBeGreaterThanOrEqual(180);
    const privates = listings.filter((l) => l.isPrivate);
    const studies = listings.filter((l) => l.isStudy);
    expect(privates.length).toBeGreaterThanOrEqual(20);
    expect(studies.length).toBeGreaterThanOrEqual(15);
    expect(listings.every((l) => !(l.isPrivate && l.isStudy))).toBe(true);
  });

  it("numbers listings uniquely from 1001 and rows from 1", () => {
    const ids = listings.map((l) => l.ListingId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(1001);
    expect(Math.max(...ids)).toBe(1000 + ids.length);
    expect(listings.map((l) => l.RowNumber)).toEqual(listings.map((_, i) => i + 1));
    for (const l of listings) expect(l.Url).toBe(`/deals/${l.ListingId}`);
  });

  it("lists active deals first, newest first", () => {
    const firstInactive = listings.findIndex((l) => !l.IsActiveDeal);
    expect(listings.slice(firstInactive).every((l) => !l.IsActiveDeal)).toBe(true);
    const active = listings.slice(0, firstInactive).map((l) => l.dateListed ?? "");
    expect(active).toEqual(active.slice().sort().reverse());
  });

  it("uses every PLS code and the usual combinations", () => {
    const codes = new Set(listings.map((l) => l.PLSCode));
    const allTokens = new Set(listings.flatMap((l) => tokens(l.PLSCode)));
    for (const code of ["PP", "L", "DV", "M", "RR", "DS", "W", "SWD", "FO", "STUDY"]) {
      expect(allTokens, code).toContain(code);
    }
    for (const combo of ["PP/DV", "L/DV", "M/RR", "PP/L"]) expect(codes, combo).toContain(combo);
    const publicTokens = new Set(publicListings.flatMap((l) => tokens(l.PLSCode)));
    for (const code of ["PP", "L", "DV", "M", "RR", "DS", "W", "SWD", "FO"])
      expect(publicTokens, code).toContain(code);
  });

  it("derives the listing type from the main code", () => {
    for (const l of listings) {
      const main = l.PLSCode.split("/")[0];
      expect(l.listingType).toBe(main);
      expect(l.listingTypeDesc).toBe(plsCodeDescription(main));
      expect(l.isStudy).toBe(tokens(l.PLSCode).includes("STUDY"));
    }
  });

  it("covers the US, Canada and International with consistent flags", () => {
    for (const l of listings) {
      const flags = [l.usa, l.canada, l.international].filter(Boolean);
      expect(flags.length, `${l.ListingId}`).toBe(1);
      const country = l.usa ? "usa" : l.canada ? "canada" : "international";
      expect(l.locationId).toBe(LOCATION_IDS[country]);
    }
    expect(listings.some((l) => l.usa)).toBe(true);
    expect(listings.some((l) => l.canada)).toBe(true);
    expect(listings.some((l) => l.international)).toBe(true);
  });

  it("uses every status with consistent ids and flags", () => {
    const statuses = new Set(listings.map((l) => l.status));
    for (const status of Object.keys(LISTING_STATUSES)) expect(statuses, status).toContain(status);
    for (const l of listings) {
      const info = LISTING_STATUSES[l.status as ListingStatusCode];
      expect(info, l.status).toBeDefined();
      expect(l.statusId).toBe(info.statusId);
      expect(l.webStatus).toBe(info.webStatus);
      expect(l.sold).toBe(l.status === "SOLD");
      expect(l.isPreMarketing).toBe(l.status === "PRE-MARKETING");
      expect(l.IsActiveDeal).toBe(l.status !== "SOLD" && l.status !== "PULLED");
      expect(Boolean(l.tombstoneUrl)).toBe(l.sold);
    }
    expect(publicListings.filter((l) => l.status === "ACTIVE").length).toBeGreaterThan(
      publicListings.length / 2,
    );
  });

  it("flags exactly one deal size, consistent with the PV10", () => {
    for (const l of listings) {
      expect([l.small, l.medium, l.large].filter(Boolean).length, `${l.ListingId}`).toBe(1);
      const pv10 = /PV10(?: \(3P\))? (\$[\d.]+(?:K|MM|B))/.exec(l.reserves ?? "");
      if (!pv10) continue;
      const value = parseMoney(pv10[1]);
      const size = value < SMALL_DEAL_MAX ? "small" : value > LARGE_DEAL_MIN ? "large" : "medium";
      expect(l[size], `${l.ListingId} ${l.reserves}`).toBe(true);
    }
    for (const size of ["small", "medium", "large"] as const)
      expect(publicListings.some((l) => l[size])).toBe(true);
  });

  it("places every deal inside its basin", () => {
    for (const l of listings) {
      expect(l.coordinates).toMatch(/^-?\d+\.\d+,-?\d+\.\d+$/);
      const [lat, lng] = (l.coordinates ?? "").split(",").map(Number);
      expect(isInsideBasin(l.basin ?? "", lat, lng), `${l.ListingId} ${l.basin} ${l.coordinates}`).toBe(true);
      const plays = PLAYS.filter((p) => p.basin === l.basin && p.area === l.area);
      expect(plays.length, `${l.basin} / ${l.area}`).toBeGreaterThan(0);
      expect(plays.map((p) => p.region)).toContain(l.region);
      expect(plays.some((p) => p.locations.some((loc) => loc.name === l.location))).toBe(true);
    }
  });

  it("keeps every basin box small and the right way round", () => {
    for (const play of PLAYS) {
      for (const loc of play.locations) {
        expect(loc.box.minLat).toBeLessThan(loc.box.maxLat);
        expect(loc.box.minLng).toBeLessThan(loc.box.maxLng);
        expect(loc.box.maxLat - loc.box.minLat).toBeLessThanOrEqual(0.6 + 1e-9);
        expect(loc.box.maxLng - loc.box.minLng).toBeLessThanOrEqual(1 + 1e-9);
      }
    }
  });

  it("marks a few plays 'Not Applicable'", () => {
    expect(listings.filter((l) => l.play === "Not Applicable").length).toBeGreaterThanOrEqual(2);
  });

  it("dates everything within six years before the reference date", () => {
    const ref = Date.parse(DEMO_REFERENCE_DATE);
    const sixYears = 6 * 366 * 86_400_000;
    for (const l of listings) {
      for (const field of [
        "dateListed",
        "LastUpdatedDate",
        "mediaUpdatedDate",
        "createdDate",
        "updatedDate",
      ] as const) {
        const value = l[field];
        expect(value, field).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        const ms = Date.parse(value ?? "");
        expect(ms).toBeLessThanOrEqual(ref);
        expect(ms).toBeGreaterThan(ref - sixYears);
      }
      expect(Date.parse(l.createdDate ?? "")).toBeLessThanOrEqual(Date.parse(l.dateListed ?? ""));
      expect(Date.parse(l.LastUpdatedDate ?? "")).toBeGreaterThanOrEqual(Date.parse(l.dateListed ?? ""));
    }
  });

  it("gives private deals their extras", () => {
    const privateIds = listings.filter((l) => l.isPrivate).map((l) => l.ListingId);
    expect([...privateExtras.keys()].sort()).toEqual(privateIds.sort());
    for (const extras of privateExtras.values()) {
      expect(["Mr.", "Ms."]).toContain(extras.salutation);
      expect(extras.passcode).toMatch(/^[A-Z2-9]{8}$/);
      expect(extras.folder).toBeTruthy();
      expect(extras.email).toMatch(/^[a-z.]+@[a-z]+\.test$/);
      expect(Date.parse(extras.closingDate ?? "")).toBeGreaterThan(Date.parse(extras.openingDate ?? ""));
    }
  });

  it("sets media, data-room and sale flags plausibly", () => {
    const share = (pred: (l: (typeof listings)[number]) => boolean, of = publicListings) =>
      of.filter(pred).length / of.length;
    expect(share((l) => l.hasVDR)).toBeGreaterThan(0.3);
    expect(share((l) => l.hasVDR)).toBeLessThan(0.5);
    expect(share((l) => l.hasLogoImage, listings)).toBeGreaterThan(0.35);
    expect(share((l) => l.hasLogoImage, listings)).toBeLessThan(0.65);
    expect(share((l) => l.ImageUrl !== null, listings)).toBeGreaterThan(0.6);
    expect(share((l) => l.ImageUrl !== null, listings)).toBeLessThan(0.8);
    for (const l of listings) {
      const media = `/media/listings/${l.ListingId}`;
      expect(l.requiresDueDiligenceAccess).toBe(l.hasVDR);
      expect(l.boxLogoUrl).toBe(l.hasLogoImage ? `${media}/logo.png` : null);
      if (l.ImageUrl) expect(l.ImageUrl).toBe(`${media}/cover.jpg`);
      if (l.tombstoneUrl) expect(l.tombstoneUrl).toBe(`${media}/tombstone.png`);
      expect(l.projectedSalePrice !== null).toBe(l.buyNow);
      if (l.buyNow) expect(l.status).toBe("ACTIVE");
      expect(l.liked).toBe(false);
      expect(l.comboCurveProjectId).toBeNull();
      expect(l.agentCompanyName).toBe("Anticline Energy Advisors");
      expect(l.agentEmail).toMatch(/@anticline\.test$/);
      expect(l.CF === null).toBe(l.cashflow === null);
    }
    expect(listings.some((l) => l.buyNow)).toBe(true);
    expect(listings.some((l) => l.isSalesLeadOnly)).toBe(true);
    expect(listings.some((l) => l.isHiredNowPackaging)).toBe(true);
  });

  it("escapes text in every generated SVG", () => {
    const bareAmpersand = /&(?!#\d+;)/;
    for (const l of listings) {
      const seller = demoSellerOf(l);
      expect(logoSvg(seller)).not.toMatch(bareAmpersand);
      expect(tombstoneSvg(l, seller)).not.toMatch(bareAmpersand);
      expect(coverSvg(l)).not.toMatch(bareAmpersand);
    }
  });
});

describe("listing images", () => {
  it("renders cover, logo and tombstone at their sizes, and skips existing ones", async () => {
    const dir = await mkdtemp(join(tmpdir(), "aea-demo-images-"));
    const storage = new LocalStorage({ root: dir, publicUrl: "http://site.test" });
    try {
      const withAll = listings.filter((l) => l.ImageUrl && l.hasLogoImage && l.tombstoneUrl);
      const sample = [
        withAll[0],
        withAll[1],
        listings.find((l) => l.ImageUrl && l.international) ?? withAll[2],
      ];
      const first = await renderAllListingImages(sample, storage);
      expect(first.written).toBeGreaterThanOrEqual(7);
      const metadata = async (key: string) => sharp(await readObject(storage, key)).metadata();
      for (const listing of sample) {
        const folder = `listings/${listing.ListingId}`;
        const cover = await metadata(`${folder}/cover.jpg`);
        expect([cover.format, cover.width, cover.height]).toEqual([
          "jpeg",
          COVER_SIZE.width,
          COVER_SIZE.height,
        ]);
        if (listing.hasLogoImage) {
          const logo = await metadata(`${folder}/logo.png`);
          expect([logo.format, logo.width, logo.height]).toEqual(["png", LOGO_SIZE.width, LOGO_SIZE.height]);
        }
        if (listing.tombstoneUrl) {
          const tombstone = await metadata(`${folder}/tombstone.png`);
          expect([tombstone.format, tombstone.width, tombstone.height]).toEqual([
            "png",
            TOMBSTONE_SIZE.width,
            TOMBSTONE_SIZE.height,
          ]);
        }
      }
      const again = await renderAllListingImages(sample, storage);
      expect(again.written).toBe(0);
      expect(again.skipped).toBe(first.written);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

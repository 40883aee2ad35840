import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { storedPasswordHash } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";

describe.each(testEngines())("listings on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create();
  });
  afterAll(() => core.close());

  it("seeds at least 200 demo listings, at least 150 of them public", async () => {
    expect(await core.listings.count()).toBeGreaterThanOrEqual(200);
    const publicListings = await core.listings.publicListings();
    expect(publicListings.length).toBeGreaterThanOrEqual(150);
    expect(publicListings.every((l) => !l.isPrivate && !l.isStudy)).toBe(true);
  });

  it("round-trips every field, with flags as booleans and coordinates as text", async () => {
    const [first] = await core.listings.publicListings();
    expect(typeof first.ListingId).toBe("number");
    expect(typeof first.Header).toBe("string");
    for (const flag of [
      "small",
      "medium",
      "large",
      "usa",
      "canada",
      "international",
      "isPrivate",
      "sold",
      "hasVDR",
    ]) {
      expect(typeof first[flag as keyof typeof first]).toBe("boolean");
    }
    expect(first.coordinates).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    expect(await core.listings.findById(first.ListingId)).toEqual(first);
  });

  it("keeps private deals and research studies out of the public list", async () => {
    const study = await core.listings.studyListings();
    expect(study.length).toBeGreaterThan(0);
    expect(study.every((l) => l.isStudy && !l.isPrivate)).toBe(true);
    const publicIds = new Set((await core.listings.publicListings()).map((l) => l.ListingId));
    expect(study.some((l) => publicIds.has(l.ListingId))).toBe(false);
  });

  it("seeds the demo accounts with argon2id hashes", async () => {
    const admin = await core.accounts.findUserByEmail("ADMIN@anticline.test");
    expect(admin?.isAdmin).toBe(true);
    expect(await storedPasswordHash(core, "admin@anticline.test")).toMatch(/^\$argon2id\$/);
    expect((await core.accounts.findUserByEmail("pending@anticline.test"))?.verified).toBe(false);
    // The private buyer is granted some private listings, not all (README, demo accounts).
    const privateIds = (await core.listings.privateListings()).map((l) => l.ListingId);
    const granted =
      (await core.accounts.findUserByEmail("private.buyer@anticline.test"))?.privateListingIds ?? [];
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.length).toBeLessThan(privateIds.length);
    expect(granted.every((id) => privateIds.includes(id))).toBe(true);
  });

  it("migrates and seeds only once across restarts", async () => {
    const before = await core.listings.count();
    await core.close();
    core = await engine.reopen(core);
    expect(await core.listings.count()).toBe(before);
    expect(await core.accounts.count()).toBe(7);
  });

  it("skips the demo data when SEED_DEMO=false", async () => {
    const empty = await engine.create({ SEED_DEMO: "false" });
    try {
      expect(await empty.listings.count()).toBe(0);
      expect(await empty.health.databaseAnswers()).toBe(true);
    } finally {
      await empty.close();
    }
  });
});

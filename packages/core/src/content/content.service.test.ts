import { CONTENT_COLLECTIONS } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { contentReads } from "../testing/content-reads.ts";
import { testEngines } from "../testing/test-cores.ts";
import type { ContentRecord } from "./query/content-schema.ts";

/** The content service's demo content, single items and singletons, the status rule and writes. */

type Rows = ContentRecord[];

describe.each(testEngines())("content service on $name (development)", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create();
  });
  afterAll(() => core.close());

  const { list, names } = contentReads(() => core);

  describe("demo content", () => {
    it("fills every collection of spec §3, singletons with one item", async () => {
      for (const collection of CONTENT_COLLECTIONS) {
        const { data } = await core.content.readItems(collection.name);
        if (collection.singleton) expect(data, collection.name).toMatchObject({ id: 1 });
        else expect((data as Rows).length, collection.name).toBeGreaterThanOrEqual(2);
      }
    });

    it("has the hero slides, services, teams, tombstones and prices the site needs", async () => {
      expect((await list("hero_slider")).length).toBeGreaterThanOrEqual(4);
      const services = await list("service", { fields: "*,banner_image.*" });
      expect(services.length).toBeGreaterThanOrEqual(6);
      for (const service of services) {
        expect(service).toMatchObject({
          path: expect.any(String),
          underline_color: expect.stringMatching(/^#/),
        });
        expect(service.banner_image).toMatchObject({ width: 1900, height: 750, type: "image/jpeg" });
        for (const side of ["top_side_image", "middle_side_image", "undermost_side_image"]) {
          expect(service[side]).toEqual(expect.any(String));
        }
      }
      const { data: teamPage } = await core.content.readItems("team_page");
      const teams = (teamPage as { teams: { members: { experiences: unknown[] }[] }[] }).teams;
      expect(teams).toHaveLength(2);
      for (const team of teams) {
        expect(team.members.length).toBeGreaterThanOrEqual(5);
        expect(team.members.length).toBeLessThanOrEqual(8);
        expect(team.members.every((m) => m.experiences.length > 0)).toBe(true);
      }
      const { data: home } = await core.content.readItems("home_page");
      expect((home as { case_history_images: unknown[] }).case_history_images.length).toBeGreaterThanOrEqual(
        6,
      );
      expect((home as { tombstone_images: unknown[] }).tombstone_images.length).toBeGreaterThanOrEqual(8);
      expect((home as { client_logos: unknown[] }).client_logos.length).toBeGreaterThanOrEqual(6);
      expect(await names("energy_prices", {})).toEqual([
        "WTI Crude",
        "Brent Crude",
        "Henry Hub Natural Gas",
        "NGL Composite",
      ]);
    });

    it("keeps its items across a restart without seeding twice", async () => {
      const before = await list("post", { fields: "id", limit: -1 });
      await core.close();
      core = await engine.reopen(core);
      expect(await list("post", { fields: "id", limit: -1 })).toEqual(before);
    });
  });

  describe("single items and singletons", () => {
    it("reads one item by id, with fields, and FORBIDDEN for a missing one", async () => {
      const { data } = await core.content.readItem("service", "2", { fields: "path,banner_image.width" });
      expect(data).toEqual({ path: "premier-packaging", banner_image: { width: 1900 } });
      for (const id of ["999", "abc", "6.5"]) {
        await expect(core.content.readItem("service", id)).rejects.toMatchObject({
          status: 403,
          code: "FORBIDDEN",
        });
      }
    });

    it("answers FORBIDDEN for an unknown collection", async () => {
      await expect(core.content.readItems("directus_users")).rejects.toMatchObject({ status: 403 });
      await expect(core.content.readItems("__proto__")).rejects.toMatchObject({ status: 403 });
    });

    it("returns a singleton as an object with the fields asked for", async () => {
      const { data } = await core.content.readItems("contact_us_page", { fields: "phone,fax,block_list" });
      expect(data).toEqual({
        phone: "(713) 555-0100",
        fax: "(713) 555-0199",
        block_list: [
          { item: "@mailinator.com" },
          { item: "@guerrillamail.com" },
          { item: "@10minutemail.com" },
          { item: "spam@blocked.test" },
        ],
      });
    });
  });

  describe("status rule and writes", () => {
    it("serves published and draft items outside production, never archived ones", async () => {
      const statuses = await names("hero_slider", { limit: -1 }, "status");
      expect(statuses).toEqual(["published", "published", "published", "published", "draft"]);
      expect(await names("press_release", { filter: { status: { _eq: "archived" } } }, "title")).toEqual([]);
      await expect(core.content.readItem("hero_slider", 6)).rejects.toMatchObject({ status: 403 });
    });

    it("shows a saved item at the next read", async () => {
      const versionBefore = core.dataVersion.of("content", "content-files");
      const at = "2026-11-02T10:00:00.000Z";
      await core.content.saveItem({
        collection: "energy_prices",
        id: 5,
        status: "published",
        sort: 0,
        data: { name: "Mont Belvieu Propane", unit: "$/gal", price: 0.71, previous_price: 0.69 },
        createdAt: at,
        updatedAt: at,
      });
      expect(core.dataVersion.of("content", "content-files")).toBeGreaterThan(versionBefore);
      expect((await names("energy_prices", {}))[0]).toBe("Mont Belvieu Propane");
      await core.content.saveItem({
        collection: "energy_prices",
        id: 5,
        status: "archived",
        sort: 0,
        data: { name: "Mont Belvieu Propane", unit: "$/gal", price: 0.71, previous_price: 0.69 },
        createdAt: at,
        updatedAt: at,
      });
      expect(await names("energy_prices", {})).toHaveLength(4);
    });

    it("does not let a caller change the cached content through a returned value", async () => {
      const [slide] = await list("hero_slider", { fields: "links", limit: 1 });
      (slide.links as ContentRecord[]).push({ title: "injected", url: "/" });
      const [again] = await list("hero_slider", { fields: "links", limit: 1 });
      expect(again.links).toHaveLength(2);
    });
  });
});

describe.each(testEngines())("content service on $name (production)", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create({ NODE_ENV: "production" });
  });
  afterAll(() => core.close());

  it("serves only published items", async () => {
    const slides = (await core.content.readItems("hero_slider", { fields: "status", limit: -1 }))
      .data as Rows;
    expect(slides).toHaveLength(4);
    expect(slides.every((s) => s.status === "published")).toBe(true);
    expect((await core.content.readItems("post", { meta: "total_count", limit: 0 })).meta).toEqual({
      total_count: 6,
    });
    await expect(core.content.readItem("hero_slider", 5)).rejects.toMatchObject({ status: 403 });
    expect(
      (await core.content.readItems("hero_slider", { filter: { status: { _eq: "draft" } } })).data,
    ).toEqual([]);
  });
});

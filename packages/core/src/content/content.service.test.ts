import { AppError, CONTENT_COLLECTIONS } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { testEngines } from "../testing/test-cores.ts";
import type { ContentQuery } from "./query/content-query.ts";
import type { ContentRecord } from "./query/content-schema.ts";

type Rows = ContentRecord[];

describe.each(testEngines())("content service on $name (development)", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create();
  });
  afterAll(() => core.close());

  const list = async (collection: string, query: ContentQuery = {}) =>
    (await core.content.readItems(collection, query)).data as Rows;
  const names = async (collection: string, query: ContentQuery, field = "name") =>
    (await list(collection, { ...query, fields: field })).map((row) => row[field]);
  const prices = (filter: ContentQuery["filter"]) => names("energy_prices", { filter });
  const invalid = async (collection: string, query: ContentQuery, message: RegExp) => {
    const error = await core.content.readItems(collection, query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: "INVALID_QUERY" });
    expect((error as Error).message).toMatch(message);
  };

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

  describe("filter operators", () => {
    it("_eq, _neq", async () => {
      expect(await prices({ name: { _eq: "WTI Crude" } })).toEqual(["WTI Crude"]);
      expect(await prices({ name: { _neq: "WTI Crude" } })).toEqual([
        "Brent Crude",
        "Henry Hub Natural Gas",
        "NGL Composite",
      ]);
      // Query-string values are text: a number field reads them as numbers.
      expect(await prices({ price: { _eq: "3.12" } })).toEqual(["Henry Hub Natural Gas"]);
    });

    it("_lt, _lte, _gt, _gte", async () => {
      expect(await prices({ price: { _lt: 27.84 } })).toEqual(["Henry Hub Natural Gas"]);
      expect(await prices({ price: { _lte: 27.84 } })).toEqual(["Henry Hub Natural Gas", "NGL Composite"]);
      expect(await prices({ price: { _gt: "71.23" } })).toEqual(["Brent Crude"]);
      expect(await prices({ price: { _gte: "71.23" } })).toEqual(["WTI Crude", "Brent Crude"]);
    });

    it("_in, _nin (comma lists and arrays)", async () => {
      expect(await prices({ name: { _in: "WTI Crude,NGL Composite" } })).toEqual([
        "WTI Crude",
        "NGL Composite",
      ]);
      expect(await prices({ id: { _in: [2, 3] } })).toEqual(["Brent Crude", "Henry Hub Natural Gas"]);
      expect(await prices({ id: { _nin: "1,2,3" } })).toEqual(["NGL Composite"]);
    });

    it("_between, _nbetween (inclusive)", async () => {
      expect(await prices({ price: { _between: "3.12,27.84" } })).toEqual([
        "Henry Hub Natural Gas",
        "NGL Composite",
      ]);
      expect(await prices({ price: { _nbetween: [3.12, 27.84] } })).toEqual(["WTI Crude", "Brent Crude"]);
      const releases = await names(
        "press_release",
        { filter: { date: { _between: "2026-04-01,2026-09-30" } } },
        "date",
      );
      expect(releases).toEqual(["2026-09-15", "2026-07-01", "2026-04-20"]);
    });

    it("_contains and _ncontains are case-sensitive; _icontains is not", async () => {
      expect(await prices({ name: { _contains: "Crude" } })).toEqual(["WTI Crude", "Brent Crude"]);
      expect(await prices({ name: { _contains: "crude" } })).toEqual([]);
      expect(await prices({ name: { _icontains: "crude" } })).toEqual(["WTI Crude", "Brent Crude"]);
      expect(await prices({ name: { _ncontains: "Crude" } })).toEqual([
        "Henry Hub Natural Gas",
        "NGL Composite",
      ]);
      expect(await prices({ name: { _nicontains: "CRUDE" } })).toEqual([
        "Henry Hub Natural Gas",
        "NGL Composite",
      ]);
    });

    it("_starts_with, _ends_with and their case-insensitive and negated forms", async () => {
      expect(await prices({ name: { _starts_with: "Henry" } })).toEqual(["Henry Hub Natural Gas"]);
      expect(await prices({ name: { _starts_with: "henry" } })).toEqual([]);
      expect(await prices({ name: { _istarts_with: "henry" } })).toEqual(["Henry Hub Natural Gas"]);
      expect(await prices({ name: { _ends_with: "Composite" } })).toEqual(["NGL Composite"]);
      expect(await prices({ name: { _iends_with: "COMPOSITE" } })).toEqual(["NGL Composite"]);
      expect(await prices({ name: { _nstarts_with: "WTI" } })).toHaveLength(3);
      expect(await prices({ name: { _nends_with: "Crude" } })).toHaveLength(2);
    });

    it("_null, _nnull, _empty, _nempty", async () => {
      const promotion = (filter: ContentQuery["filter"]) => names("promotions", { filter }, "title");
      expect(await promotion({ end_date: { _null: true } })).toEqual(["Register as a Buyer"]);
      expect(await promotion({ end_date: { _null: "false" } })).toEqual(["Winter Sealed-Bid Sale"]);
      expect(await promotion({ end_date: { _nnull: true } })).toEqual(["Winter Sealed-Bid Sale"]);
      expect(await promotion({ end_date: { _empty: true } })).toEqual(["Register as a Buyer"]);
      expect(await promotion({ end_date: { _nempty: true } })).toEqual(["Winter Sealed-Bid Sale"]);
      expect(await names("flipbook", { filter: { pdf: { _nempty: true } } }, "path")).toHaveLength(3);
      expect(await names("flipbook", { filter: { pdf: { _empty: true } } }, "path")).toEqual([]);
      expect(await promotion({ end_date: { _eq: "null" } })).toEqual(["Register as a Buyer"]);
      // A list is empty when it has no rows.
      expect(await names("hero_slider", { filter: { links: { _empty: true } } }, "title")).toEqual([]);
      expect(await names("hero_slider", { filter: { links: { _nempty: true } } }, "title")).toHaveLength(5);
    });

    it("gives missing values SQL's meaning: they never match _neq or _nin", async () => {
      const promotion = (filter: ContentQuery["filter"]) => names("promotions", { filter }, "title");
      expect(await promotion({ end_date: { _neq: "2026-12-10" } })).toEqual([]);
      expect(await promotion({ end_date: { _nin: "2026-01-01" } })).toEqual(["Winter Sealed-Bid Sale"]);
    });

    it("_and and _or, nested", async () => {
      expect(await prices({ _or: [{ name: { _eq: "WTI Crude" } }, { price: { _lt: 5 } }] })).toEqual([
        "WTI Crude",
        "Henry Hub Natural Gas",
      ]);
      expect(
        await prices({
          _and: [
            { name: { _contains: "Crude" } },
            { _or: [{ price: { _gt: 72 } }, { unit: { _eq: "$/MMBtu" } }] },
          ],
        }),
      ).toEqual(["Brent Crude"]);
    });

    it("filters on the fields of a related item, a file and a relation list", async () => {
      expect(
        await names("post", { filter: { author: { name: { _eq: "Hannah Okafor" } } } }, "title"),
      ).toEqual(["Five Things to Prepare Before Selling Minerals"]);
      const permian = ["What Buyers Paid for Permian Non-Op in 2026", "Type Curves Buyers Believe"];
      expect(
        await names("post", { filter: { tags: { post_tag_id: { name: { _eq: "Permian" } } } } }, "title"),
      ).toEqual(permian);
      expect(
        await names(
          "post",
          { filter: { tags: { _some: { post_tag_id: { slug: { _eq: "permian" } } } } } },
          "title",
        ),
      ).toEqual(permian);
      expect(
        await names(
          "post",
          { filter: { tags: { _none: { post_tag_id: { name: { _eq: "Permian" } } } } } },
          "title",
        ),
      ).toHaveLength(5);
      expect(
        await names("service", { filter: { banner_image: { width: { _eq: 1900 } } } }, "path"),
      ).toHaveLength(7);
      expect(
        await names("team", { filter: { experiences: { item: { _icontains: "data room" } } } }, "name"),
      ).toEqual(["Priya Raman", "Samuel Akintola"]);
    });

    it("reads dates as dates and integers as integers", async () => {
      expect(await names("press_release", { filter: { date: { _gte: "2026-07-01" } } }, "date")).toEqual([
        "2026-10-06",
        "2026-09-15",
        "2026-07-01",
      ]);
      expect(
        await names("press_release", { filter: { date: { _lt: "2026-04-20T12:00:00Z" } } }, "date"),
      ).toEqual(["2026-04-20", "2026-02-10"]);
      expect(await names("post", { filter: { reading_minutes: { _eq: "3" } } }, "title")).toHaveLength(2);
    });
  });

  describe("fields", () => {
    it("serves every field by default, files and relations as ids", async () => {
      const [post] = await list("post", { limit: 1 });
      expect(Object.keys(post)).toEqual([
        "id",
        "status",
        "sort",
        "date_created",
        "date_updated",
        "title",
        "slug",
        "summary",
        "body",
        "date_published",
        "image",
        "author",
        "tags",
        "reading_minutes",
      ]);
      expect(post.image).toMatch(/^[0-9a-f-]{36}$/);
      expect(post.author).toBe(1);
      expect(post.tags).toEqual([1, 4, 2]);
    });

    it("expands files with `image.*` and relations through junction rows", async () => {
      const [post] = await list("post", { fields: "title,image.*,tags.*,author.name", limit: 1 });
      expect(post.image).toEqual({
        id: expect.any(String),
        filename_download: "post-1.jpg",
        title: "What Buyers Paid for Permian Non-Op in 2026",
        type: "image/jpeg",
        width: 1200,
        height: 675,
        filesize: expect.any(Number),
        focal_point_x: null,
        focal_point_y: null,
        uploaded_on: expect.any(String),
      });
      expect(post.tags).toEqual([{ post_tag_id: 1 }, { post_tag_id: 4 }, { post_tag_id: 2 }]);
      expect(post.author).toEqual({ name: "Caroline Whitfield" });
      const [tagged] = await list("post", { fields: ["tags.post_tag_id.name", "image.width"], limit: 1 });
      expect(tagged).toEqual({
        tags: [
          { post_tag_id: { name: "Market Update" } },
          { post_tag_id: { name: "Permian" } },
          { post_tag_id: { name: "Divestitures" } },
        ],
        image: { width: 1200 },
      });
    });

    it("expands file lists, and `*.*` expands every reference one level", async () => {
      const { data } = await core.content.readItems("home_page", {
        fields:
          "case_history_images.directus_files_id.title,tech_services_image.id,tech_services_image.title",
      });
      expect(data).toMatchObject({
        case_history_images: expect.arrayContaining([
          { directus_files_id: { title: "Permian Non-Op Package: 14 Bids" } },
        ]),
        tech_services_image: { id: expect.any(String), title: "Technical Services" },
      });
      const [post] = await list("post", { fields: "*.*", limit: 1 });
      expect(post.image).toMatchObject({ width: 1200 });
      expect(post.author).toMatchObject({ name: "Caroline Whitfield", team: "Transaction Team" });
      expect(post.tags).toEqual([{ post_tag_id: 1 }, { post_tag_id: 4 }, { post_tag_id: 2 }]);
    });

    it("walks groups: team_page.teams.members.image.*", async () => {
      const { data } = await core.content.readItems("team_page", {
        fields: "teams.name,teams.members.name,teams.members.image.width",
      });
      const [first] = (data as { teams: { name: string; members: ContentRecord[] }[] }).teams;
      expect(first.name).toBe("Transaction Team");
      expect(first.members[0]).toEqual({ name: "Caroline Whitfield", image: { width: 400 } });
    });

    it("leaves out related items the reader may not see", async () => {
      // The draft post is tagged "Company News", an archived tag.
      const [draft] = await list("post", {
        fields: "tags.post_tag_id.name",
        filter: { status: { _eq: "draft" } },
      });
      expect(draft.tags).toEqual([{ post_tag_id: { name: "Natural Gas" } }]);
    });

    it("refuses unknown fields and paths into plain values", async () => {
      await invalid("post", { fields: "title,nope" }, /no field "nope"/);
      await invalid("post", { fields: "title.length" }, /no fields to select/);
      await invalid("post", { fields: "*.title" }, /only \* may follow \*/);
    });
  });

  describe("sort, limit, offset, page, search, meta", () => {
    it("sorts by one or more fields, descending with -, through references", async () => {
      expect(await names("energy_prices", { sort: "-price" })).toEqual([
        "Brent Crude",
        "WTI Crude",
        "NGL Composite",
        "Henry Hub Natural Gas",
      ]);
      expect(await names("energy_prices", { sort: ["unit", "-name"] })).toEqual([
        "WTI Crude",
        "NGL Composite",
        "Brent Crude",
        "Henry Hub Natural Gas",
      ]);
      const byAuthor = await list("post", { fields: "author.name", sort: "-author.name", limit: 2 });
      expect(byAuthor).toEqual([
        { author: { name: "Wade Thornton" } },
        { author: { name: "Thomas Brennan" } },
      ]);
      expect(await names("promotions", { sort: "end_date" }, "title")).toEqual([
        "Winter Sealed-Bid Sale",
        "Register as a Buyer",
      ]);
      await invalid("post", { sort: "tags" }, /cannot sort by "tags"/);
    });

    it("pages with limit, offset and page", async () => {
      const all = await names("post", { limit: -1 }, "id");
      expect(all).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(await names("post", { limit: 2, offset: 1 }, "id")).toEqual([2, 3]);
      expect(await names("post", { limit: "2", page: "2" }, "id")).toEqual([3, 4]);
      expect(await names("post", { limit: 2, page: 4 }, "id")).toEqual([7]);
      expect(await names("post", { limit: 0 }, "id")).toEqual([]);
      expect(await names("post", { limit: 100_000 }, "id")).toEqual(all);
      await invalid("post", { limit: -2 }, /limit/);
      await invalid("post", { limit: "ten" }, /limit/);
      await invalid("post", { page: 0 }, /page/);
      await invalid("post", { offset: "-1" }, /offset/);
    });

    it("searches the searchable text fields, ignoring case", async () => {
      expect(await names("post", { search: "DATA ROOM" }, "title")).toEqual(["Inside a Virtual Data Room"]);
      expect(await names("team", { search: "denver" }, "name")).toEqual(["Elena Vasquez"]);
      expect(
        await names("post", { search: "permian", filter: { status: { _eq: "draft" } } }, "title"),
      ).toEqual([]);
    });

    it("counts with meta=total_count, filter_count or *", async () => {
      const query = { filter: { name: { _contains: "Crude" } }, limit: 1 };
      expect(await core.content.readItems("energy_prices", { ...query, meta: "total_count" })).toMatchObject({
        meta: { total_count: 4 },
      });
      const both = await core.content.readItems("energy_prices", { ...query, meta: "*" });
      expect(both.meta).toEqual({ total_count: 4, filter_count: 2 });
      expect((both.data as Rows).length).toBe(1);
      expect((await core.content.readItems("energy_prices", query)).meta).toBeUndefined();
      await invalid("energy_prices", { meta: "everything" }, /meta/);
    });
  });

  describe("deep", () => {
    it("limits, offsets, sorts and filters nested lists", async () => {
      const teams = async (deep: ContentQuery["deep"]) =>
        (
          (await core.content.readItems("team_page", { fields: "teams.name,teams.members.name", deep }))
            .data as {
            teams: { name: string; members: { name: string }[] }[];
          }
        ).teams;
      expect((await teams({ teams: { _limit: 1 } })).map((t) => t.name)).toEqual(["Transaction Team"]);
      expect((await teams({ teams: { _offset: "1" } })).map((t) => t.name)).toEqual([
        "Engineering, Marketing & Data Room",
      ]);
      const sorted = await teams({ teams: { _limit: 1, members: { _sort: "-name", _limit: 2 } } });
      expect(sorted[0].members.map((m) => m.name)).toEqual(["Wade Thornton", "Thomas Brennan"]);
      const filtered = await teams('{"teams":{"members":{"_filter":{"location":{"_neq":"Houston, TX"}}}}}');
      expect(filtered[0].members.map((m) => m.name)).toEqual([
        "Wade Thornton",
        "Elena Vasquez",
        "Thomas Brennan",
      ]);
      expect(filtered[1].members.map((m) => m.name)).toEqual(["Laura Pennington"]);
    });

    it("filters a relation list's junction rows", async () => {
      const [post] = await list("post", {
        fields: "tags.post_tag_id.name",
        deep: {
          tags: { _filter: { post_tag_id: { name: { _neq: "Permian" } } }, _sort: "-post_tag_id.name" },
        },
        limit: 1,
      });
      expect(post.tags).toEqual([
        { post_tag_id: { name: "Market Update" } },
        { post_tag_id: { name: "Divestitures" } },
      ]);
    });

    it("refuses options on plain fields and unknown options", async () => {
      await invalid("post", { deep: { title: { _limit: 1 } } }, /no nested rows/);
      await invalid("post", { deep: { _limit: 1 } }, /nested lists only/);
      await invalid("post", { deep: { tags: { _bogus: 1 } } }, /unknown deep option/);
      await invalid("post", { deep: { tags: { _limit: "x" } } }, /_limit/);
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

  describe("malformed and hostile queries", () => {
    it("refuses unknown fields, operators and values of the wrong type", async () => {
      await invalid("post", { filter: { nope: { _eq: 1 } } }, /no field "nope"/);
      await invalid("post", { filter: { title: { _like: "x" } } }, /unknown operator "_like"/);
      await invalid("post", { filter: { reading_minutes: { _eq: "three" } } }, /expects a number/);
      await invalid("post", { filter: { date_published: { _gt: "yesterday" } } }, /expects a date/);
      await invalid("post", { filter: { reading_minutes: { _contains: "3" } } }, /text fields only/);
      await invalid("post", { filter: { title: { _between: "a" } } }, /two values/);
      await invalid("post", { filter: { title: { _eq: { nested: 1 } } } }, /single value/);
      await invalid("post", { filter: { title: "x" } as never }, /object of operators/);
      await invalid("post", { filter: { _or: { title: { _eq: "x" } } } }, /list of filters/);
      await invalid("post", { filter: { tags: { _eq: 1 } } }, /does not apply to the list/);
      await invalid("post", { filter: { title: { _null: "maybe" } } }, /true or false/);
    });

    it("refuses bad JSON, prototype keys and deep nesting", async () => {
      await invalid("post", { filter: "{not json" }, /not valid JSON/);
      await invalid("post", { filter: '{"__proto__":{"polluted":true}}' }, /may not use the key "__proto__"/);
      await invalid("post", { filter: '{"constructor":{"prototype":{}}}' }, /may not use the key/);
      let nested = '{"title":{"_eq":"x"}}';
      for (let i = 0; i < 12; i++) nested = `{"_and":[${nested}]}`;
      await invalid("post", { filter: nested }, /nested too deeply/);
      await invalid("post", { fields: Array(12).fill("author").join(".") }, /nested too deeply/);
      await invalid("post", { filter: JSON.stringify({ title: { _eq: "x".repeat(3000) } }) }, /too long/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
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

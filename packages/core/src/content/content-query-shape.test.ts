import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { contentReads } from "../testing/content-reads.ts";
import { testEngines } from "../testing/test-cores.ts";
import type { ContentQuery } from "./query/content-query.ts";
import type { ContentRecord } from "./query/content-schema.ts";

/** What a content query's fields, sort, limit, offset, page, search, meta and deep give back. */

type Rows = ContentRecord[];

describe.each(testEngines())("content service on $name (development)", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create();
  });
  afterAll(() => core.close());

  const { list, names, invalid } = contentReads(() => core);

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
});

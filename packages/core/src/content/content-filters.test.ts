import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { contentReads } from "../testing/content-reads.ts";
import { testEngines } from "../testing/test-cores.ts";
import type { ContentQuery } from "./query/content-query.ts";

/** The content API's filter rules, and the queries it refuses: malformed, too deep or too long. */

describe.each(testEngines())("content service on $name (development)", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create();
  });
  afterAll(() => core.close());

  const { names, prices, invalid } = contentReads(() => core);

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

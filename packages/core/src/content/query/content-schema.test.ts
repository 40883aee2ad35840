import { CONTENT_COLLECTIONS, contentCollection } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { collectionsReachableFrom, type Schema, schemaOf, targetSchema } from "./content-schema.ts";

describe("content registry", () => {
  it("describes every collection of spec §3", () => {
    expect(CONTENT_COLLECTIONS.map((c) => c.name).sort()).toEqual(
      [
        "team",
        "team_page",
        "service",
        "flipbook",
        "hero_slider",
        "home_page",
        "contact_us_page",
        "case_study",
        "promotions",
        "post",
        "post_tag",
        "press_release",
        "energy_prices",
      ].sort(),
    );
    expect(CONTENT_COLLECTIONS.filter((c) => c.singleton).map((c) => c.name)).toEqual([
      "home_page",
      "team_page",
      "contact_us_page",
    ]);
  });

  it("points every reference at a collection that exists", () => {
    const visit = (schema: Schema) => {
      for (const field of schema.fields.values()) {
        if (field.shape === "reference") expect(() => targetSchema(field)).not.toThrow();
        if (field.shape === "list") visit(field.rows);
      }
    };
    for (const collection of CONTENT_COLLECTIONS) {
      const schema = schemaOf(collection.name);
      expect(schema).toBeDefined();
      if (schema) visit(schema);
    }
  });

  it("names each collection's display field, and marks only text fields searchable", () => {
    for (const collection of CONTENT_COLLECTIONS) {
      expect(collection.fields.map((f) => f.name)).toContain(collection.displayField);
      for (const field of collection.fields) {
        if (field.searchable) expect(["string", "text", "html"]).toContain(field.type);
      }
    }
  });

  it("knows which collections a query may read through relations", () => {
    expect(collectionsReachableFrom("post").sort()).toEqual(["post", "post_tag", "team"]);
    expect(collectionsReachableFrom("home_page")).toEqual(["home_page"]);
    expect(contentCollection("nope")).toBeUndefined();
  });
});

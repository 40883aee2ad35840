import { describe, expect, it } from "vitest";
import { dealSizeHref, dealTypeHref, searchTextOf } from "./deal-links.ts";
import { dealsHref, parseDealQuery } from "./deal-query.ts";
import { DEAL_SIZES } from "./deal-size.ts";
import { DEAL_TYPE_MENU } from "./deal-types.ts";

// The header writes these without the deal query's engine; a link that differed from the deal list's
// own would make the list page redirect or show other results.
describe("the header's deal links", () => {
  it("are the deal list's own links for each deal type and each deal size", () => {
    for (const type of DEAL_TYPE_MENU)
      expect(dealTypeHref(type.queryValue)).toBe(dealsHref({ type: type.queryValue }));
    for (const size of DEAL_SIZES) expect(dealSizeHref(size)).toBe(dealsHref({ dealSize: [size], page: 1 }));
  });

  it("read the search as the deal list does: trimmed, repeated parameters joined, at most 200 characters", () => {
    for (const query of [
      "",
      "search=%20oil%20",
      "search=a&search=b",
      `search=${"x".repeat(250)}%20y`,
      "type=producing",
    ]) {
      const params = new URLSearchParams(query);
      expect(searchTextOf(params)).toBe(parseDealQuery(params).search);
    }
  });
});

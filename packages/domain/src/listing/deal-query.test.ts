import { describe, expect, it } from "vitest";
import {
  clearFilters,
  DEFAULT_DEAL_QUERY,
  type DealQuery,
  dealsHref,
  filterTokens,
  parseDealQuery,
  removeFilterToken,
  serializeDealQuery,
  toggleDealSize,
  toggleLocation,
} from "./deal-query.ts";
import { applyDealQuery, filterListings } from "./deal-query-apply.ts";
import { makeListing } from "./listing.fixture.ts";
import type { Listing } from "./listing.ts";
import { prepareListings } from "./search-text.ts";

const query = (overrides: Partial<DealQuery>): DealQuery => ({ ...DEFAULT_DEAL_QUERY, ...overrides });
const ids = (listings: readonly Listing[]) => listings.map((l) => l.ListingId);

describe("parseDealQuery", () => {
  it("gives the defaults for an empty query", () => {
    expect(parseDealQuery("")).toEqual(DEFAULT_DEAL_QUERY);
    expect(parseDealQuery(new URLSearchParams())).toEqual(DEFAULT_DEAL_QUERY);
    expect(DEFAULT_DEAL_QUERY.view).toBe("list");
    expect(DEFAULT_DEAL_QUERY.page).toBe(1);
  });

  it("reads every parameter of §2", () => {
    const parsed = parseDealQuery(
      "?search=Eagle%20Ford&type=producing&dealSize=small+large&location=usa+canada&region=GC" +
        "&company=Acme%20Energy&liked=true&sort=date&reverse=true&view=map&page=3",
    );
    expect(parsed).toEqual({
      search: "Eagle Ford",
      type: "producing",
      dealSize: ["small", "large"],
      location: ["usa", "canada"],
      region: "GC",
      company: "Acme Energy",
      liked: true,
      sort: "date",
      reverse: true,
      view: "map",
      page: 3,
    });
  });

  it("splits lists on '+' as written and on spaces as URLSearchParams decodes them", () => {
    const params = new URLSearchParams("dealSize=large+small");
    expect(params.get("dealSize")).toBe("large small");
    expect(parseDealQuery(params).dealSize).toEqual(["small", "large"]);
    expect(parseDealQuery({ dealSize: "medium+small" }).dealSize).toEqual(["small", "medium"]);
    expect(parseDealQuery("dealSize=small%2Bmedium").dealSize).toEqual(["small", "medium"]);
    expect(parseDealQuery("location=usa&location=international").location).toEqual(["usa", "international"]);
  });

  it("drops unknown values and parameters and never throws", () => {
    const parsed = parseDealQuery(
      "dealSize=huge+small+small&location=mars&type=bogus&sort=price&view=grid&page=-2&foo=bar",
    );
    expect(parsed).toEqual({ ...DEFAULT_DEAL_QUERY, dealSize: ["small"] });
    expect(parseDealQuery("page=abc").page).toBe(1);
    expect(parseDealQuery("page=2.5").page).toBe(1);
    expect(parseDealQuery("page=0").page).toBe(1);
    expect(parseDealQuery("%E0%A4%A").search).toBe("");
    expect(parseDealQuery(null as never)).toEqual(DEFAULT_DEAL_QUERY);
    expect(parseDealQuery({ page: 4, view: { x: 1 } } as never)).toEqual(DEFAULT_DEAL_QUERY);
  });

  it("accepts type codes and normalises them to query values", () => {
    expect(parseDealQuery("type=PP").type).toBe("producing");
    expect(parseDealQuery("type=PP%2FDV").type).toBe("development");
    expect(parseDealQuery("type=PP+DV").type).toBe("development");
    expect(parseDealQuery("type=SWD").type).toBe("saltwater");
  });

  it("reads flags leniently", () => {
    expect(parseDealQuery("liked=1").liked).toBe(true);
    expect(parseDealQuery("liked").liked).toBe(true);
    expect(parseDealQuery("liked=false").liked).toBe(false);
    expect(parseDealQuery("reverse=TRUE").reverse).toBe(true);
  });

  it("accepts a URL and a path with a query", () => {
    expect(parseDealQuery(new URL("https://x.test/deals/public?type=M")).type).toBe("minerals");
    expect(parseDealQuery("/deals/public?view=2x").view).toBe("2x");
  });

  it("trims text and drops empty text", () => {
    const parsed = parseDealQuery("search=%20%20oil%20&region=%20&company=");
    expect(parsed.search).toBe("oil");
    expect(parsed.region).toBeUndefined();
    expect(parsed.company).toBeUndefined();
  });
});

describe("serializeDealQuery", () => {
  it("writes nothing for the defaults", () => {
    expect(serializeDealQuery(DEFAULT_DEAL_QUERY)).toBe("");
    expect(serializeDealQuery({})).toBe("");
    expect(dealsHref()).toBe("/deals/public");
  });

  it("writes parameters in canonical order with literal '+' joins", () => {
    expect(
      serializeDealQuery(
        query({
          page: 2,
          view: "table",
          reverse: true,
          sort: "type",
          liked: true,
          company: "Acme & Sons",
          region: "Gulf Coast",
          location: ["international", "usa"],
          dealSize: ["large", "small"],
          type: "development",
          search: "eagle ford+",
        }),
      ),
    ).toBe(
      "search=eagle%20ford%2B&type=development&dealSize=small+large&location=usa+international" +
        "&region=Gulf%20Coast&company=Acme%20%26%20Sons&liked=true&sort=type&reverse=true&view=table&page=2",
    );
  });

  it("round-trips through parseDealQuery", () => {
    const original = query({
      search: "a+b c",
      type: "saltwater",
      dealSize: ["medium"],
      location: ["canada", "international"],
      region: "ETX",
      company: "Big Oil, Inc.",
      liked: true,
      sort: "date",
      reverse: true,
      view: "4x",
      page: 7,
    });
    expect(parseDealQuery(serializeDealQuery(original))).toEqual(original);
  });

  it("links home-page buttons to a type", () => {
    expect(dealsHref({ type: "producing" })).toBe("/deals/public?type=producing");
    expect(dealsHref({ location: ["canada"] })).toBe("/deals/public?location=canada");
  });
});

describe("toggles and tokens", () => {
  it("toggles a deal size and goes back to page 1", () => {
    const on = toggleDealSize(query({ dealSize: ["large"], page: 4 }), "small");
    expect(on.dealSize).toEqual(["small", "large"]);
    expect(on.page).toBe(1);
    expect(toggleDealSize(on, "large").dealSize).toEqual(["small"]);
    expect(toggleLocation(query({}), "canada").location).toEqual(["canada"]);
    expect(toggleLocation(query({ location: ["canada"] }), "canada").location).toEqual([]);
  });

  it("lists a removable token per filter value", () => {
    const q = query({
      search: "oil",
      type: "royalties",
      dealSize: ["small", "medium"],
      location: ["usa"],
      region: "GC",
      company: "Acme",
      liked: true,
      sort: "date",
      view: "map",
    });
    expect(filterTokens(q)).toEqual([
      { key: "search", value: "oil", label: "oil" },
      { key: "type", value: "royalties", label: "Royalties & Overrides" },
      { key: "dealSize", value: "small", label: "Small" },
      { key: "dealSize", value: "medium", label: "Mid-Value" },
      { key: "location", value: "usa", label: "United States" },
      { key: "region", value: "GC", label: "Gulf Coast" },
      { key: "company", value: "Acme", label: "Acme" },
      { key: "liked", value: "true", label: "Liked" },
    ]);
    expect(filterTokens(DEFAULT_DEAL_QUERY)).toEqual([]);
  });

  it("removes one token at a time", () => {
    const q = query({ dealSize: ["small", "medium"], region: "GC", page: 3 });
    const fewer = removeFilterToken(q, { key: "dealSize", value: "small" });
    expect(fewer.dealSize).toEqual(["medium"]);
    expect(fewer.region).toBe("GC");
    expect(fewer.page).toBe(1);
    expect(removeFilterToken(q, { key: "region", value: "GC" }).region).toBeUndefined();
    expect(filterTokens(clearFilters(q))).toEqual([]);
  });
});

describe("filterListings", () => {
  const listings = [
    makeListing({
      ListingId: 1,
      Header: "Eagle Ford Operated",
      PLSCode: "PP/DV",
      region: "GC",
      agentCompanyName: "Acme",
      small: true,
      usa: true,
    }),
    makeListing({
      ListingId: 2,
      Header: "Bakken Minerals",
      PLSCode: "M",
      region: "ROCKIES",
      medium: true,
      usa: true,
    }),
    makeListing({
      ListingId: 3,
      Header: "Alberta Leasehold",
      PLSCode: "L",
      canada: true,
      large: true,
      liked: true,
    }),
    makeListing({
      ListingId: 4,
      Header: "Disposal Well",
      PLSCode: "SWD",
      region: "Gulf Coast",
      small: true,
      usa: true,
    }),
    makeListing({ ListingId: 5, Header: "Wanted: Royalties", PLSCode: "W", agentCompanyName: "Acme Co" }),
  ];

  it("passes everything without filters", () => {
    expect(ids(filterListings(listings, {}))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(filterListings(listings, DEFAULT_DEAL_QUERY))).toEqual([1, 2, 3, 4, 5]);
  });

  it("searches the normalised text", () => {
    expect(ids(filterListings(listings, { search: "eagle-ford" }))).toEqual([1]);
    expect(ids(filterListings(listings, { search: "  " }))).toEqual([1, 2, 3, 4, 5]);
  });

  it("filters by deal type through the PLS code flags", () => {
    expect(ids(filterListings(listings, { type: "producing" }))).toEqual([1]);
    expect(ids(filterListings(listings, { type: "development" }))).toEqual([1]);
    expect(ids(filterListings(listings, { type: "wanted" }))).toEqual([5]);
    expect(ids(filterListings(listings, { type: "saltwater" }))).toEqual([4]);
  });

  it("filters by region exactly, by code or display name", () => {
    expect(ids(filterListings(listings, { region: "GC" }))).toEqual([1]);
    expect(ids(filterListings(listings, { region: "Gulf Coast" }))).toEqual([1, 4]);
    expect(ids(filterListings(listings, { region: "gc" }))).toEqual([]);
  });

  it("filters by the agent's company exactly", () => {
    expect(ids(filterListings(listings, { company: "Acme" }))).toEqual([1]);
  });

  it("filters by country and size flags, any of the chosen values", () => {
    expect(ids(filterListings(listings, { location: ["canada"] }))).toEqual([3]);
    expect(ids(filterListings(listings, { dealSize: ["small", "large"] }))).toEqual([1, 3, 4]);
    expect(ids(filterListings(listings, { dealSize: ["small"], location: ["usa"] }))).toEqual([1, 4]);
  });

  it("filters liked deals by ids when given, else by the liked flag", () => {
    expect(ids(filterListings(listings, { liked: true }))).toEqual([3]);
    expect(ids(filterListings(listings, { liked: true }, [2, 5]))).toEqual([2, 5]);
    expect(ids(filterListings(listings, { liked: false }, [2]))).toEqual([1, 2, 3, 4, 5]);
  });

  it("combines filters with AND", () => {
    expect(ids(filterListings(listings, { search: "well", type: "saltwater", dealSize: ["small"] }))).toEqual(
      [4],
    );
    expect(ids(filterListings(listings, { search: "well", type: "producing" }))).toEqual([]);
  });

  it("filters, sorts and paginates in one go", () => {
    const result = applyDealQuery(listings, query({ location: ["usa"], sort: "header" }));
    expect(ids(result.matches)).toEqual([2, 4, 1]);
    expect(result.pagination.total).toBe(3);
    expect(ids(result.items)).toEqual([2, 4, 1]);
  });

  it("filters 5,000 listings per keystroke quickly", () => {
    const words = ["permian", "eagle", "ford", "bakken", "haynesville", "marcellus", "anadarko", "uinta"];
    const codes = ["PP", "PP/DV", "L", "M", "RR", "DV", "W", "SWD", "DS"];
    const many = Array.from({ length: 5000 }, (_, i) =>
      makeListing({
        ListingId: i + 1,
        Header: `${words[i % words.length]} package ${i}`,
        field: `${words[(i * 7) % words.length]} field`,
        obj1: "Wolfcamp, Spraberry and Dean sands with stacked pay",
        wi: `${i % 100}% WI / ${(i % 100) * 0.8}% NRI`,
        prod: `${i * 3} BOEPD`,
        PLSCode: codes[i % codes.length],
        region: ["GC", "MC", "ETX", "PERMIAN"][i % 4],
        agentCompanyName: `Company ${i % 50}`,
        small: i % 3 === 0,
        medium: i % 3 === 1,
        large: i % 3 === 2,
        usa: i % 5 !== 0,
        canada: i % 5 === 0,
      }),
    );
    prepareListings(many);
    const keystrokes = ["p", "pe", "per", "perm", "permi", "permia", "permian", "permian p"];
    const started = performance.now();
    for (const search of keystrokes) {
      filterListings(many, { search, type: "producing", dealSize: ["small", "medium"], location: ["usa"] });
    }
    const perKeystroke = (performance.now() - started) / keystrokes.length;
    expect(filterListings(many, { search: "permian" }).length).toBeGreaterThan(0);
    expect(perKeystroke).toBeLessThan(50);
  });
});

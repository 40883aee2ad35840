import { AppError } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { queryFromSearchParams } from "./query-string.ts";

const parse = (query: string) => queryFromSearchParams(new URLSearchParams(query));
const refused = (query: string, message: RegExp) => {
  let error: unknown;
  try {
    parse(query);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status: 400, code: "INVALID_QUERY" });
  expect((error as Error).message).toMatch(message);
};

describe("Directus query strings", () => {
  it("reads plain parameters and repeated ones", () => {
    expect(parse("fields=*,image.*&sort=-date&limit=5&offset=2&page=1&search=gas&meta=*")).toEqual({
      fields: "*,image.*",
      sort: "-date",
      limit: "5",
      offset: "2",
      page: "1",
      search: "gas",
      meta: "*",
    });
    expect(parse("fields=title&fields=image.*")).toEqual({ fields: ["title", "image.*"] });
    expect(parse("fields[]=title&fields[]=id")).toEqual({ fields: ["title", "id"] });
  });

  it("builds nested filters from brackets, with numbered entries as lists", () => {
    expect(parse("filter[author][name][_eq]=x")).toEqual({ filter: { author: { name: { _eq: "x" } } } });
    expect(parse("filter[_or][0][status][_eq]=a&filter[_or][1][title][_contains]=b")).toEqual({
      filter: { _or: [{ status: { _eq: "a" } }, { title: { _contains: "b" } }] },
    });
    expect(parse("filter[id][_in][]=1&filter[id][_in][]=2")).toEqual({ filter: { id: { _in: ["1", "2"] } } });
    expect(parse("deep[teams][_limit]=1")).toEqual({ deep: { teams: { _limit: "1" } } });
  });

  it("passes JSON forms through as text for the service to parse", () => {
    expect(parse(`filter=${encodeURIComponent('{"title":{"_contains":"x"}}')}`)).toEqual({
      filter: '{"title":{"_contains":"x"}}',
    });
  });

  it("ignores parameters Directus does not define", () => {
    expect(parse("utm_source=mail&limit=1&access_token=x&odd]key[=1")).toEqual({ limit: "1" });
  });

  it("refuses hostile and malformed input", () => {
    refused("filter[__proto__][polluted]=1", /__proto__/);
    refused("filter[constructor][prototype][x]=1", /constructor/);
    refused("deep[prototype][_limit]=1", /prototype/);
    refused(`filter[a]${"[b]".repeat(11)}=1`, /nested too deeply/);
    refused(`search=${"x".repeat(2049)}`, /longer than 2048/);
    refused(Array.from({ length: 201 }, (_, i) => `p${i}=1`).join("&"), /Too many/);
    refused("filter[title=1", /Malformed/);
    refused("filter[][x]=1", /Malformed/);
    refused("filter[title]=x&filter[title][_eq]=y", /same key/);
    refused("aggregate[count]=*", /not supported/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

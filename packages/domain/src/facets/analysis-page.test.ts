import { describe, expect, it } from "vitest";
import { type SessionUser, userMenuItems } from "../accounts/roles.ts";
import { PARTICIPANT_DATASET } from "./analysis-datasets.ts";
import {
  analysisHref,
  engineFilters,
  rangeBounds,
  rangeExpression,
  readAnalysisState,
  toggleValue,
  withFilters,
} from "./analysis-page.ts";

const facet = (name: string) => PARTICIPANT_DATASET.facets.find((f) => f.name === name) as never;
const state = (query: string) => readAnalysisState(new URLSearchParams(query));

describe("the analysis page's address", () => {
  it("reads every setting back from the address it wrote", () => {
    const href =
      "/participant?f=buys%3Aminerals&f=buys%3A-royalties&sort=-downloads&start=40&open=buys%2Cstate&drawer=1";
    expect(analysisHref("/participant", state(href.split("?")[1] as string))).toBe(href);
  });

  it("leaves out what names no facet or field of the dataset", () => {
    const read = state("f=nonsense:1&f=buys:&sort=password&open=secret&start=-5");
    expect(read).toMatchObject({ filters: {}, sort: null, open: [], start: 0 });
  });

  it("checks, excludes, and clears an exclusion by unchecking; a new filter is page one and leaves the QueryUUID", () => {
    const saved = { ...state("start=40"), queryUUID: "d3a0c8f2-5c1e-4c4e-9b1a-22a0e0000001" };
    const checked = toggleValue(saved, facet("buys"), "minerals");
    expect(checked).toMatchObject({ filters: { buys: ["minerals"] }, start: 0, queryUUID: null });
    const excluded = toggleValue(checked, facet("buys"), "royalties", true);
    expect(excluded.filters.buys).toEqual(["minerals", "-royalties"]);
    expect(toggleValue(excluded, facet("buys"), "royalties").filters.buys).toEqual(["minerals"]);
    expect(toggleValue(excluded, facet("buys"), "minerals", true).filters.buys).toEqual([
      "-royalties",
      "-minerals",
    ]);
  });

  it("keeps one value of a single-mode facet", () => {
    const first = toggleValue(state(""), facet("dealAlerts"), "daily");
    expect(toggleValue(first, facet("dealAlerts"), "weekly").filters.dealAlerts).toEqual(["weekly"]);
  });

  it("writes typed bounds as a range with open ends and reads them back", () => {
    expect(rangeExpression("1", "")).toBe("[1 TO *]");
    expect(rangeExpression(" ", "")).toBeNull();
    expect(rangeBounds("[* TO 5]")).toEqual({ min: "", max: "5" });
  });

  it("gives the engine each facet's type and field", () => {
    const filters = engineFilters(withFilters(state(""), { joinedYear: ["2024"], buys: ["-minerals"] }));
    expect(filters).toEqual([
      { type: "year", field: "createdAt", expressions: ["2024"] },
      { type: "checkbox", field: "buys", expressions: ["-minerals"] },
    ]);
  });
});

describe("the Analysis entry of the user menu", () => {
  const user = (flags: Partial<SessionUser>) =>
    ({ isAdmin: false, hasClaimAD: false, isManagement: false, ...flags }) as SessionUser;
  const labels = (u: SessionUser) => userMenuItems(u).map((i) => i.label);
  it("is there for admins and Claim holders only", () => {
    expect(labels(user({ isAdmin: true }))).toContain("Analysis");
    expect(labels(user({ hasClaimAD: true }))).toContain("Analysis");
    expect(labels(user({}))).not.toContain("Analysis");
  });
});

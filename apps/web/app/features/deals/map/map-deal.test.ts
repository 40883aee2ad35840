import { describe, expect, it } from "vitest";
import { parseDealCoordinates } from "./map-deal";

describe("parseDealCoordinates", () => {
  it("reads lat,lng text as a GeoJSON [lng, lat] pair", () => {
    expect(parseDealCoordinates("31.8457,-102.3676")).toEqual([-102.3676, 31.8457]);
    expect(parseDealCoordinates(" 57.6 , 1.6 ")).toEqual([1.6, 57.6]);
  });

  it("treats missing, malformed and out-of-range text as no location", () => {
    for (const text of [
      null,
      undefined,
      "",
      ",",
      "31.8",
      "31.8,",
      "a,b",
      "1,2,3",
      "91,0",
      "0,181",
      "NaN,1",
    ]) {
      expect(parseDealCoordinates(text)).toBeNull();
    }
  });

  it("treats 0,0 as a placeholder, not a location", () => {
    expect(parseDealCoordinates("0,0")).toBeNull();
    expect(parseDealCoordinates("0.0, 0.0")).toBeNull();
  });
});

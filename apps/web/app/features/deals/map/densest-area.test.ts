import { describe, expect, it } from "vitest";
import { densestArea } from "./densest-area";

describe("densestArea", () => {
  it("frames the band of longitudes holding most deals, leaving the far-flung ones out", () => {
    const texas: [number, number][] = Array.from({ length: 16 }, (_, i) => [-104 + i * 0.5, 28 + i * 0.4]);
    const abroad: [number, number][] = [
      [-0.1, 51.5],
      [44.4, 33.3],
      [151.2, -33.9],
      [-150, 61.2],
    ];
    expect(densestArea([...abroad, ...texas])).toEqual([
      [-104, 28],
      [-96.5, 34],
    ]);
  });

  it("keeps every deal when they are all in one place, and has no area without deals", () => {
    expect(densestArea([[-97, 32]])).toEqual([
      [-97, 32],
      [-97, 32],
    ]);
    expect(densestArea([])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { cleanBasinOrPlay, regionName } from "./region.ts";

describe("region names", () => {
  it("remaps the codes of §9", () => {
    expect(regionName("GC")).toBe("Gulf Coast");
    expect(regionName("MC")).toBe("Midcontinent");
    expect(regionName("MIDCON")).toBe("Midcontinent");
    expect(regionName("ALT")).toBe("Ark-La-Tex");
    expect(regionName("ARKLATEX")).toBe("Ark-La-Tex");
    expect(regionName("ETX")).toBe("East Texas");
  });

  it("knows the other basins' regions", () => {
    expect(regionName("PERMIAN")).toBe("Permian");
    expect(regionName("ROCKIES")).toBe("Rockies");
    expect(regionName("APPALACHIA")).toBe("Appalachia");
  });

  it("ignores case, spaces and punctuation in codes", () => {
    expect(regionName(" gc ")).toBe("Gulf Coast");
    expect(regionName("Ark-La-Tex")).toBe("Ark-La-Tex");
    expect(regionName("Mid-Con")).toBe("Midcontinent");
    expect(regionName("Gulf Coast")).toBe("Gulf Coast");
  });

  it("shows unknown regions as they are", () => {
    expect(regionName("North Slope")).toBe("North Slope");
    expect(regionName("  Somewhere  ")).toBe("Somewhere");
    expect(regionName(null)).toBe("");
    expect(regionName("")).toBe("");
  });
});

describe("basin or play", () => {
  it("treats 'Not Applicable' in any case as empty", () => {
    expect(cleanBasinOrPlay("Not Applicable")).toBe("");
    expect(cleanBasinOrPlay("NOT APPLICABLE")).toBe("");
    expect(cleanBasinOrPlay(" not applicable ")).toBe("");
    expect(cleanBasinOrPlay(null)).toBe("");
  });

  it("keeps real basins and plays, trimmed", () => {
    expect(cleanBasinOrPlay(" Permian Basin ")).toBe("Permian Basin");
    expect(cleanBasinOrPlay("Eagle Ford")).toBe("Eagle Ford");
  });
});

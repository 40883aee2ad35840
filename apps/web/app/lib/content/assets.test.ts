import { ASSET_QUALITY_STEPS, ASSET_SIZE_STEPS, assetBox } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { assetSrcSet, assetUrl, type ContentFile } from "./assets";

const photo = (width: number | null): ContentFile => ({
  id: "f1",
  title: "Rig at dusk",
  type: "image/jpeg",
  width,
  height: width && Math.round(width / 2),
  filename: "rig.jpg",
  version: "v1",
});

/** Each candidate of a srcset: its URL's parameters and the width it declares. */
const candidates = (srcSet: string) =>
  srcSet.split(", ").map((candidate) => {
    const [url, descriptor] = candidate.split(" ");
    const params = new URL(url, "http://site.test").searchParams;
    const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
    return {
      width: number("width"),
      height: number("height"),
      quality: number("quality"),
      declared: Number.parseInt(descriptor, 10),
    };
  });

describe("the site's image URLs", () => {
  it("ask only for the sizes and qualities the endpoint renders, so each is rendered as it says", () => {
    const srcSet = assetSrcSet(photo(4000), [480, 768, 1366, 1900], { aspect: { width: 1900, height: 750 } });
    for (const candidate of candidates(srcSet)) {
      expect(ASSET_SIZE_STEPS).toContain(candidate.width);
      expect(ASSET_QUALITY_STEPS).toContain(candidate.quality);
      expect(candidate.declared).toBe(candidate.width);
      expect(assetBox(candidate)).toEqual({ width: candidate.width, height: candidate.height });
    }
    expect(candidates(srcSet).map((c) => c.width)).toEqual([512, 768, 1536, 1920]);
  });

  it("offer a narrow file at its own full width, asked without enlargement", () => {
    const narrow = assetSrcSet(photo(1200), [640, 1280, 1920]);
    expect(candidates(narrow).map((c) => [c.width, c.declared])).toEqual([
      [640, 640],
      [1280, 1200],
    ]);
    expect(narrow).toMatch(/width=1280&quality=75&format=auto&withoutEnlargement=true&v=v1 1200w$/);
    expect(candidates(assetSrcSet(photo(null), [640, 1280])).map((c) => c.declared)).toEqual([640, 1280]);
  });

  it("round a single URL's size and quality as the endpoint does", () => {
    expect(
      assetUrl({ id: "f1", version: "v1" }, { width: 1200, height: 630, fit: "cover", quality: 97 }),
    ).toBe("/assets/f1?width=1280&height=672&fit=cover&quality=100&v=v1");
  });
});

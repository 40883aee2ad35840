import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type AssetFit, type ImageSize, transformOutputSize } from "./asset-transform.ts";

const fits: AssetFit[] = ["cover", "contain", "inside", "outside", "fill"];
const boxes: Array<{ width?: number; height?: number }> = [
  { width: 200, height: 200 },
  { width: 30, height: 400 },
  { width: 500, height: 20 },
  { width: 200 },
  { height: 50 },
  { width: 40, height: 30 },
];
const sources: ImageSize[] = [
  { width: 120, height: 300 },
  { width: 320, height: 90 },
];

describe("transform output size", () => {
  it("predicts sharp's result for every fit, box and enlargement setting", async () => {
    for (const source of sources) {
      const image = await sharp({ create: { ...source, channels: 3, background: "#13294b" } })
        .png()
        .toBuffer();
      for (const fit of fits) {
        for (const box of boxes) {
          for (const withoutEnlargement of [false, true]) {
            const { info } = await sharp(image)
              .resize({ ...box, fit, withoutEnlargement })
              .toBuffer({ resolveWithObject: true });
            const label = JSON.stringify({ source, fit, box, withoutEnlargement });
            expect(transformOutputSize(source, { ...box, fit, withoutEnlargement }), label).toEqual({
              width: info.width,
              height: info.height,
            });
          }
        }
      }
    }
  });

  it("shows how far outside, or one side of a long image, goes past the box", () => {
    const banner = { width: 1900, height: 750 };
    const box = { width: 4000, height: 4000, withoutEnlargement: false };
    expect(transformOutputSize(banner, { ...box, fit: "outside" })).toEqual({ width: 10133, height: 4000 });
    expect(transformOutputSize(banner, { ...box, fit: "inside" })).toEqual({ width: 4000, height: 1579 });
    const strip = { width: 50, height: 1000 };
    expect(transformOutputSize(strip, { width: 4000, fit: "cover", withoutEnlargement: false })).toEqual({
      width: 4000,
      height: 80000,
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  ASSET_MAX_DIMENSION,
  ASSET_QUALITY_STEPS,
  ASSET_SIZE_STEPS,
  assetBox,
  assetQualityStep,
  assetSizeStep,
} from "./asset-steps.ts";

describe("the sizes and qualities the asset endpoint renders", () => {
  it("rounds any width up to a step, and past the largest down to it", () => {
    expect([1, 64, 65, 399, 400, 1200, 1921, 3991, 4000].map(assetSizeStep)).toEqual([
      64, 64, 128, 512, 512, 1280, 2560, 3840, 3840,
    ]);
    const distinct = new Set(Array.from({ length: ASSET_MAX_DIMENSION }, (_, i) => assetSizeStep(i + 1)));
    expect([...distinct]).toEqual([...ASSET_SIZE_STEPS]);
  });

  it("rounds quality up to a few steps", () => {
    expect([1, 50, 51, 75, 76, 90, 97, 100].map(assetQualityStep)).toEqual([
      50, 50, 70, 75, 80, 95, 100, 100,
    ]);
    expect(new Set(Array.from({ length: 100 }, (_, i) => assetQualityStep(i + 1))).size).toBe(
      ASSET_QUALITY_STEPS.length,
    );
  });

  it("keeps a box's shape to 8 pixels of height, and what it gives is rendered as asked", () => {
    const hero = assetBox({ width: 1900, height: 750 });
    expect(hero).toEqual({ width: 1920, height: 760 });
    expect(assetBox(hero)).toEqual(hero);
    expect(assetBox({ width: 600, height: 400 })).toEqual({ width: 640, height: 424 });
    expect(assetBox({ width: 384, height: 128 })).toEqual({ width: 384, height: 128 });
    for (let height = 1; height <= 500; height += 7) {
      const box = assetBox({ width: 50, height });
      expect(assetBox(box)).toEqual(box);
    }
    expect(assetBox({ height: 700 })).toEqual({ height: 768 });
    expect(assetBox({ width: 1, height: 4000 })).toEqual({ width: 64, height: ASSET_MAX_DIMENSION });
    expect(assetBox({ width: 4000, height: 1 })).toEqual({ width: 3840, height: 8 });
    // Four thousand heights at the widest step make at most 500 boxes.
    const heights = new Set(
      Array.from({ length: 4000 }, (_, i) => assetBox({ width: 3999, height: i + 1 }).height),
    );
    expect(heights.size).toBeLessThanOrEqual(500);
  });
});

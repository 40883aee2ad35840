import type { FacetDataset, FacetDocument } from "@aea/domain";
import { describe, expect, it } from "vitest";
import { buildColumnarIndex, documentAt } from "./columnar-index.ts";
import { patchIndex } from "./index-patch.ts";

const DATASET: FacetDataset = {
  key: "widths",
  display: "Widths",
  fields: { id: "number", operator: "keyword", basins: "keywords", acres: "number", contact: "text" },
  facets: [],
};

/** Documents whose operators and basins are all different: dictionaries past 127 and 32,767 values. */
const documents = (count: number, from = 1): FacetDocument[] =>
  Array.from({ length: count }, (_, i) => ({
    id: from + i,
    operator: i % 10 === 0 ? null : `Operator ${from + i}`,
    basins: [`Basin ${from + i}`, "Permian"],
    // Whole acres, then a fraction and a number past 2^24 that no float32 holds exactly.
    acres: i === count - 1 ? 16_777_217 : i === count - 2 ? 640.25 : i,
    // Text held as UTF-8 bytes: accents, another script, an emoji, an empty text and no text.
    contact: i % 7 === 0 ? null : i % 7 === 1 ? "" : `Zoë Ōkubo 李 🛢️ ${from + i}`,
  }));

describe("the columnar index's narrow columns", () => {
  it("reads back every document as written when its dictionaries outgrow one and two bytes a code", () => {
    const written = documents(40_000);
    const index = buildColumnarIndex(DATASET, written);
    for (const doc of [0, 127, 128, 32_767, 32_768, 39_998, 39_999])
      expect(documentAt(index, DATASET, doc)).toEqual(written[doc]);
  });

  it("keeps the documents as written through a patch that adds values past a code width", () => {
    const index = buildColumnarIndex(DATASET, documents(100));
    const replaced = {
      id: 5,
      operator: "Operator 5 renamed",
      basins: ["Basin 5b"],
      acres: 1.5,
      contact: "Ünal 5",
    };
    const appended = documents(200, 101);
    const patched = patchIndex(
      index,
      [5, ...appended.map((doc) => doc.id as number)],
      [replaced, ...appended],
    );
    expect(patched).toBe(true);
    expect(documentAt(index, DATASET, 4)).toEqual(replaced);
    expect(documentAt(index, DATASET, 299)).toEqual(appended[199]);
    expect(documentAt(index, DATASET, 0)).toEqual(documents(100)[0]);
  });
});

import { describe, expect, it } from "vitest";
import { assetSrcSet, assetUrl } from "./assets";
import { contentFile, contentFiles, numberOrNull, records } from "./content-fields";

const file = {
  id: "f1",
  title: "Banner",
  type: "image/jpeg",
  width: 1900,
  height: 750,
  filesize: 1000,
  uploaded_on: "2026-10-01T09:00:00.000Z",
  focal_point_x: null,
  focal_point_y: null,
  filename_download: "banner.jpg",
};

describe("content fields", () => {
  it("reads an expanded file, and nothing from an unexpanded id", () => {
    expect(contentFile(file)).toMatchObject({ id: "f1", title: "Banner", width: 1900, height: 750 });
    expect(contentFile("f1")).toBeNull();
    expect(contentFile(null)).toBeNull();
  });

  it("reads a list of files through their junction rows", () => {
    expect(contentFiles([{ directus_files_id: file }, { directus_files_id: null }]).map((f) => f.id)).toEqual(
      ["f1"],
    );
  });

  it("gives a file a version that changes with its bytes or focal point", () => {
    const a = contentFile(file)?.version;
    expect(contentFile({ ...file, filesize: 1001 })?.version).not.toBe(a);
    expect(contentFile({ ...file, focal_point_x: 10, focal_point_y: 10 })?.version).not.toBe(a);
    expect(contentFile({ ...file })?.version).toBe(a);
  });

  it("tolerates empty fields", () => {
    expect(records(undefined)).toEqual([]);
    expect(numberOrNull("3.5")).toBe(3.5);
    expect(numberOrNull("")).toBeNull();
  });
});

describe("asset URLs", () => {
  const banner = contentFile(file) ?? expect.unreachable("the file reads");

  it("carries the transform and the version", () => {
    expect(assetUrl(banner, { width: 768, height: 304, fit: "cover", quality: 75, format: "auto" })).toBe(
      `/assets/f1?width=768&height=304&fit=cover&quality=75&format=auto&v=${banner.version}`,
    );
  });

  it("offers widths up to the file's own, cropped to the aspect asked for", () => {
    const srcset = assetSrcSet(banner, [512, 1920, 2560], { aspect: { width: 1900, height: 750 } });
    expect(srcset.split(", ").map((c) => c.split(" ")[1])).toEqual(["512w", "1900w"]);
    expect(srcset).toContain("width=512&height=200&fit=cover");
    expect(srcset).toContain(
      "width=1920&height=760&fit=cover&quality=75&format=auto&withoutEnlargement=true",
    );
  });
});

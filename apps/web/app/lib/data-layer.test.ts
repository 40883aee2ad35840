import { describe, expect, it } from "vitest";
import { PDF_DOWNLOAD_EVENT, trackPdfDownload } from "./data-layer";

describe("trackPdfDownload", () => {
  it("creates the data layer when missing and pushes one pdf_download event", () => {
    const target = { location: { pathname: "/pitchbooks/capabilities-pitchbook" } } as unknown as Window;
    trackPdfDownload({ title: "Capabilities Pitchbook", url: "/assets/abc?download=true" }, target);
    expect(target.dataLayer).toEqual([
      {
        event: PDF_DOWNLOAD_EVENT,
        file_name: "Capabilities Pitchbook",
        file_url: "/assets/abc?download=true",
        page_path: "/pitchbooks/capabilities-pitchbook",
      },
    ]);
  });

  it("appends to an existing data layer", () => {
    const target = { dataLayer: [{ event: "gtm.js" }], location: { pathname: "/" } } as unknown as Window;
    trackPdfDownload({ title: "Book", url: "/assets/x?download=true" }, target);
    expect(target.dataLayer).toHaveLength(2);
  });
});

import { describe, expect, it } from "vitest";
import { analyticsUserId, PDF_DOWNLOAD_EVENT, trackPdfDownload } from "./data-layer";

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

describe("the signed-in user in the data layer", () => {
  it("sends the user id with the download event", () => {
    const target = { location: { pathname: "/seller" } } as unknown as Window;
    trackPdfDownload({ title: "Brochure", url: "/brochures/a.pdf", userId: 42 }, target);
    expect(target.dataLayer?.[0]).toMatchObject({ event: PDF_DOWNLOAD_EVENT, user_id: 42 });
  });

  it("counts a signed-in user, nobody for an anonymous visitor or while staff view as a buyer", () => {
    expect(analyticsUserId({ id: 7, impersonatorId: null })).toBe(7);
    expect(analyticsUserId(null)).toBeUndefined();
    expect(analyticsUserId({ id: 7, impersonatorId: 1 })).toBeUndefined();
  });
});

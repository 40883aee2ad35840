import { describe, expect, it } from "vitest";
import { showsOldBrowserBanner } from "./old-browser.ts";

const IE11 = "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

describe("the old-browser banner", () => {
  it("shows to Internet Explorer until closed for the visit", () => {
    expect(showsOldBrowserBanner(IE11, "")).toBe(true);
    expect(showsOldBrowserBanner(IE11, "userAgreed=true")).toBe(true);
    expect(showsOldBrowserBanner(IE11, "userAgreed=true; oldBrowserBannerClosed=1")).toBe(false);
    expect(showsOldBrowserBanner(IE11, "xoldBrowserBannerClosed=1")).toBe(true);
  });

  it("never shows to current browsers", () => {
    expect(showsOldBrowserBanner(CHROME, "")).toBe(false);
  });
});

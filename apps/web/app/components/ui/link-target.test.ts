import { describe, expect, it } from "vitest";
import { linkTarget } from "./link-target";

const SITE = "http://localhost:3000";

describe("linkTarget", () => {
  it("makes an address on this site its path", () => {
    expect(linkTarget(`${SITE}/deals/1042?tab=map#top`, SITE)).toBe("/deals/1042?tab=map#top");
    expect(linkTarget(`${SITE}`, SITE)).toBe("/");
  });

  it("never makes a path that a browser reads as another site (issue 20)", () => {
    expect(linkTarget(`${SITE}//evil.test/nda`, SITE)).toBe("http://localhost:3000//evil.test/nda");
    expect(linkTarget(`${SITE}/\\evil.test/nda`, SITE)).toBe("http://localhost:3000//evil.test/nda");
    expect(linkTarget(`${SITE}/%2F/evil.test`, SITE)).toBe("/%2F/evil.test");
  });

  it("keeps other sites' http(s) addresses absolute, whatever they look like", () => {
    expect(linkTarget("https://evil.test/nda", SITE)).toBe("https://evil.test/nda");
    expect(linkTarget("http://localhost:3000@evil.test/nda", SITE)).toBe(
      "http://localhost:3000@evil.test/nda",
    );
    expect(linkTarget("http://localhost:30000/deals", SITE)).toBe("http://localhost:30000/deals");
    expect(linkTarget(`${SITE}/deals/1`)).toBe(`${SITE}/deals/1`);
  });

  it("shows anything else as text", () => {
    expect(linkTarget("javascript:alert(1)", SITE)).toBeNull();
    expect(linkTarget("ftp://files.test/a", SITE)).toBeNull();
    expect(linkTarget("http://[not-a-host/", SITE)).toBeNull();
    expect(linkTarget("/deals/1", SITE)).toBeNull();
  });
});

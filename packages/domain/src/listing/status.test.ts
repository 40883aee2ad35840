import { describe, expect, it } from "vitest";
import { makeListing } from "./listing.fixture.ts";
import {
  isActive,
  isClosing,
  isOnPublicMarket,
  isPulled,
  isSold,
  listingStatusName,
  statusCodeOf,
  statusName,
} from "./status.ts";

describe("status names", () => {
  it("gives the friendly names of §4", () => {
    expect(statusName("SOLD")).toBe("Sold By Agent");
    expect(statusName("CLOSING")).toBe("Active Offer Pending");
    expect(statusName("ACTIVE")).toBe("Active Deal");
    expect(statusName("NEW")).toBe("Active Deal");
    expect(statusName("")).toBe("Active Deal");
    expect(statusName(null)).toBe("Active Deal");
  });

  it("names pulled deals", () => {
    expect(statusName("PULLED")).toBe("Pulled From Market");
  });

  it("ignores case and spaces", () => {
    expect(statusName(" sold ")).toBe("Sold By Agent");
    expect(statusName("Closing")).toBe("Active Offer Pending");
  });

  it("reads a listing flagged sold as sold whatever its status", () => {
    expect(listingStatusName({ status: "ACTIVE", sold: true })).toBe("Sold By Agent");
    expect(listingStatusName({ status: "CLOSING", sold: false })).toBe("Active Offer Pending");
  });
});

describe("status tests", () => {
  it("tells sold, closing, pulled and active apart", () => {
    expect(isSold({ status: "SOLD" })).toBe(true);
    expect(isSold({ status: "ACTIVE", sold: true })).toBe(true);
    expect(isSold({ status: "ACTIVE", sold: false })).toBe(false);
    expect(isClosing({ status: "CLOSING" })).toBe(true);
    expect(isClosing({ status: "CLOSING", sold: true })).toBe(false);
    expect(isPulled({ status: "PULLED" })).toBe(true);
    expect(isActive({ status: "ACTIVE" })).toBe(true);
    expect(isActive({ status: "whatever" })).toBe(true);
    expect(isActive({ status: "CLOSING" })).toBe(false);
    expect(isActive({ status: "PULLED" })).toBe(false);
    expect(isActive({ status: "SOLD" })).toBe(false);
    expect(isActive({ status: "ACTIVE", sold: true })).toBe(false);
  });
});

describe("on the public market", () => {
  it("holds only public deals still to be had", () => {
    expect(isOnPublicMarket(makeListing({ status: "Active" }))).toBe(true);
    expect(isOnPublicMarket(makeListing({ status: "PRE-MARKETING" }))).toBe(true);
    expect(isOnPublicMarket(makeListing({ isPrivate: true }))).toBe(false);
    expect(isOnPublicMarket(makeListing({ isStudy: true }))).toBe(false);
    expect(isOnPublicMarket(makeListing({ sold: true }))).toBe(false);
    for (const status of ["SOLD", "CLOSING", "PULLED", " pulled "])
      expect(isOnPublicMarket(makeListing({ status, sold: false })), status).toBe(false);
  });

  it("reads a stored status as the code staff pick, an unknown one as active", () => {
    expect(statusCodeOf(" closing ")).toBe("CLOSING");
    expect(statusCodeOf("Pre-Marketing")).toBe("PRE-MARKETING");
    expect(statusCodeOf("toString")).toBe("ACTIVE");
    expect(statusCodeOf(null)).toBe("ACTIVE");
  });
});

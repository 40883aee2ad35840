import { describe, expect, it } from "vitest";
import { type OfferCircumstances, shouldOfferPush } from "./offer-eligibility";

const third: OfferCircumstances = { supported: true, permission: "default", pageLoads: 3, dismissed: false };

describe("push offer", () => {
  it("is made from the third page load on", () => {
    expect(shouldOfferPush({ ...third, pageLoads: 1 })).toBe(false);
    expect(shouldOfferPush({ ...third, pageLoads: 2 })).toBe(false);
    expect(shouldOfferPush(third)).toBe(true);
    expect(shouldOfferPush({ ...third, pageLoads: 40 })).toBe(true);
  });

  it("is not made once turned down, once the browser's question was answered, or without support", () => {
    expect(shouldOfferPush({ ...third, dismissed: true })).toBe(false);
    expect(shouldOfferPush({ ...third, permission: "granted" })).toBe(false);
    expect(shouldOfferPush({ ...third, permission: "denied" })).toBe(false);
    expect(shouldOfferPush({ ...third, supported: false, permission: undefined })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { dataRoomEntryRedirect, dataRoomStep } from "./data-room-step.ts";

const listing = {
  ListingId: 42,
  isPrivate: false,
  hasVDR: true,
  requiresDueDiligenceAccess: true,
  status: "ACTIVE",
  sold: false,
};
const buyer = { isAdmin: false, privateListingIds: [] as number[] };
const required = { agreementRequired: true };
const viewer = (over: Partial<Parameters<typeof dataRoomStep>[1]> = {}) => ({
  user: buyer,
  hasDataRoomGrant: false,
  hasSignedAgreement: false,
  ...over,
});

describe("the way into a data room", () => {
  it("walks a buyer from sign-in through the access code and the agreement into the room", () => {
    expect(dataRoomStep(listing, viewer({ user: null }), required)).toBe("sign-in");
    expect(dataRoomStep(listing, viewer(), required)).toBe("access-code");
    expect(dataRoomStep(listing, viewer({ hasDataRoomGrant: true }), required)).toBe("agreement");
    expect(
      dataRoomStep(listing, viewer({ hasDataRoomGrant: true, hasSignedAgreement: true }), required),
    ).toBe("open");
    expect(dataRoomStep(listing, viewer({ hasDataRoomGrant: true }), { agreementRequired: false })).toBe(
      "open",
    );
  });

  it("answers not-found for listings without a data room and private ones the viewer was not granted", () => {
    expect(dataRoomStep({ ...listing, hasVDR: false }, viewer(), required)).toBe("not-found");
    const privateListing = { ...listing, isPrivate: true };
    expect(dataRoomStep(privateListing, viewer({ user: null }), required)).toBe("not-found");
    expect(dataRoomStep(privateListing, viewer({ hasDataRoomGrant: true }), required)).toBe("not-found");
    expect(
      dataRoomStep(privateListing, viewer({ user: { isAdmin: false, privateListingIds: [42] } }), required),
    ).toBe("access-code");
  });

  it("lets staff straight in, and takes no new buyers into a sold deal's room", () => {
    expect(dataRoomStep(listing, viewer({ user: { isAdmin: true, privateListingIds: [] } }), required)).toBe(
      "open",
    );
    const sold = { ...listing, status: "SOLD", sold: true };
    expect(dataRoomStep(sold, viewer(), required)).toBe("not-found");
    expect(dataRoomStep(sold, viewer({ hasDataRoomGrant: true, hasSignedAgreement: true }), required)).toBe(
      "open",
    );
  });

  it("sends each step to its page", () => {
    expect(dataRoomEntryRedirect(42, "sign-in")).toBe("/login?redirectTo=%2Fdeals%2F42%2Fdata-room");
    expect(dataRoomEntryRedirect(42, "access-code")).toBe("/deals/42?dataRoom=access-code");
    expect(dataRoomEntryRedirect(42, "agreement")).toBe("/deals/42/data-room/agreement");
    expect(dataRoomEntryRedirect(42, "not-found")).toBeNull();
  });
});

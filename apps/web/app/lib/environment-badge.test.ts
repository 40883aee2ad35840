import { describe, expect, it } from "vitest";
import { environmentBadgeFor } from "./environment-badge";

const staff = { isAdmin: true, isManagement: false };
const manager = { isAdmin: false, isManagement: true };
const buyer = { isAdmin: false, isManagement: false };

describe("the environment badge", () => {
  it("names the environment to admins and management outside production", () => {
    expect(environmentBadgeFor(staff, "TEST")).toBe("TEST");
    expect(environmentBadgeFor(manager, " staging ")).toBe("staging");
  });

  it("is not shown in production, to buyers or to anonymous visitors", () => {
    expect(environmentBadgeFor(staff, "production")).toBeNull();
    expect(environmentBadgeFor(staff, "Production")).toBeNull();
    expect(environmentBadgeFor(buyer, "TEST")).toBeNull();
    expect(environmentBadgeFor(null, "TEST")).toBeNull();
  });
});

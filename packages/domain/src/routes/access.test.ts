import { describe, expect, it } from "vitest";
import { sessionUserWith } from "../accounts/session-user.fixture.ts";
import { refusalAnswer } from "./access.ts";

const user = sessionUserWith;

describe("the admin-or-claim audience (spec §6: isAdmin or hasClaimAD)", () => {
  const page = { page: "/participant?QueryUUID=abc" };

  it("admits admins and staff granted the Claim role at both doors", () => {
    for (const staff of [user({ isAdmin: true }), user({ hasClaimAD: true })]) {
      expect(refusalAnswer("admin-or-claim", staff, page)).toBeUndefined();
      expect(refusalAnswer("admin-or-claim", staff, "api")).toBeUndefined();
    }
  });

  it("sends anonymous visitors to log in and come back to the address they asked for", () => {
    expect(refusalAnswer("admin-or-claim", null, page)).toEqual({
      status: 302,
      location: "/login?redirectTo=%2Fparticipant%3FQueryUUID%3Dabc",
    });
    expect(refusalAnswer("admin-or-claim", null, "api")).toEqual({
      status: 401,
      code: "1001",
      message: "Login to access this page",
    });
  });

  it("sends other users home, told they are not authorized, private buyers included", () => {
    for (const other of [user({}), user({ hasPrivateDeals: true, privateListingIds: [7] })]) {
      expect(refusalAnswer("admin-or-claim", other, page)).toEqual({
        status: 302,
        location: "/home?notice=not-authorized",
      });
      expect(refusalAnswer("admin-or-claim", other, "api")).toEqual({
        status: 403,
        code: "FORBIDDEN",
        message: "You are not authorized to access this page",
      });
    }
  });
});

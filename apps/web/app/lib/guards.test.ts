import type { SessionUser } from "@aea/domain";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppContext, appContext } from "../app-context";
import { requireAdminOrClaim, requireSignedIn } from "./guards";

function contextWith(user: Partial<SessionUser> | null) {
  const context = new RouterContextProvider();
  const full = user
    ? ({
        id: 1,
        name: "A",
        isAdmin: false,
        hasClaimAD: false,
        hasPrivateDeals: false,
        privateListingIds: [],
        isManagement: false,
        ...user,
      } as SessionUser)
    : null;
  context.set(appContext, {
    core: {} as AppContext["core"],
    cspNonce: "",
    user: full,
    secondFactorEnrolmentRequired: false,
    ipAddress: "",
  });
  return context;
}

async function redirectOf(run: () => unknown): Promise<string | undefined> {
  try {
    run();
    return undefined;
  } catch (thrown) {
    return (thrown as Response).headers.get("location") ?? undefined;
  }
}

describe("guards without a page of their own yet", () => {
  it("admin-or-claim admits admins and claim holders and sends others home with the spec's message", async () => {
    expect(await redirectOf(() => requireAdminOrClaim(contextWith({ isAdmin: true })))).toBeUndefined();
    expect(await redirectOf(() => requireAdminOrClaim(contextWith({ hasClaimAD: true })))).toBeUndefined();
    expect(await redirectOf(() => requireAdminOrClaim(contextWith({})))).toBe("/home?notice=not-authorized");
    expect(await redirectOf(() => requireAdminOrClaim(contextWith(null)))).toBe(
      "/home?notice=not-authorized",
    );
  });

  it("the logged-in guard sends anonymous visitors to sign up", async () => {
    expect(await redirectOf(() => requireSignedIn(contextWith(null)))).toBe("/buyer/signup");
    expect(await redirectOf(() => requireSignedIn(contextWith({})))).toBeUndefined();
  });
});

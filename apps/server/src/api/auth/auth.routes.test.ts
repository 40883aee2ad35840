import { linkIn, testEngines } from "@aea/core/testing";
import { mailListenerForSuite } from "@aea/core/testing/suite";
import { describe, expect, it } from "vitest";
import { maskSecrets } from "../../http/logger.ts";
import { serveTestApp } from "../../testing/test-app.ts";

const json = { "content-type": "application/json" };
const origin = "http://localhost:3000";

function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers["set-cookie"];
  const value = Array.isArray(header) ? header[0] : String(header ?? "");
  return value.split(";")[0];
}

describe.each(testEngines())("auth API on $name", (engine) => {
  const smtp = mailListenerForSuite();
  const served = serveTestApp(engine, () => ({ SMTP_URL: smtp.url }), { withWebApp: false });

  // Each login comes from its own address so these tests stay under the per-address rate limit.
  let address = 0;
  const login = (email: string, password: string, rememberMe = false) =>
    served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: json,
      payload: { email, password, rememberMe, applicationName: "web" },
      remoteAddress: `10.0.0.${++address}`,
    });

  it("logs in with an httpOnly SameSite session cookie; remember-me keeps it 365 days", async () => {
    const session = await login("buyer@anticline.test", "Buyer123!");
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ msg: "Success", user: { email: "buyer@anticline.test" } });
    // The session cookie, and the long-lived browser cookie new-browser mails are told by (issue 20).
    const named = (response: typeof session, name: string) =>
      [response.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${name}=`)) ?? "";
    const cookie = named(session, "aea_session");
    expect(cookie).toMatch(/^aea_session=[\w-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Max-Age");
    expect(named(session, "aea_browser")).toMatch(
      /^aea_browser=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=34560000$/,
    );
    const remembered = named(await login("buyer@anticline.test", "Buyer123!", true), "aea_session");
    expect(remembered).toContain(`Max-Age=${365 * 24 * 3600}`);
  });

  it("answers the spec's messages and 'Not verified'", async () => {
    expect((await login("buyer@anticline.test", "nope123")).json().message).toBe("Incorrect password.");
    expect((await login("ghost@anticline.test", "nope123")).json().message).toBe(
      "Email is not associated with AEA",
    );
    const pending = await login("pending@anticline.test", "Buyer123!");
    expect(pending.statusCode).toBe(200);
    expect(pending.json().msg).toBe("Not verified");
    expect(pending.headers["set-cookie"]).toBeUndefined();
    const empty = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: json,
      payload: { email: "", password: "" },
    });
    expect(empty.statusCode).toBe(400);
  });

  it("refreshes the current user, and answers code 1001 once the session is gone", async () => {
    const cookie = cookieFrom(await login("private.buyer@anticline.test", "Buyer123!"));
    const me = await served.app.inject({ url: "/api/Auth/CurrentUser", headers: { cookie } });
    expect(me.json()).toMatchObject({ email: "private.buyer@anticline.test", hasPrivateDeals: true });
    const confidential = await served.app.inject({
      url: "/api/Advisors/GetDeals?isConfidential=true",
      headers: { cookie },
    });
    expect(confidential.statusCode).toBe(200);
    expect(confidential.json().length).toBeGreaterThan(0);
    expect(confidential.json().every((d: { isPrivate: boolean }) => d.isPrivate)).toBe(true);
    const out = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Logout",
      headers: { cookie, origin },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    const after = await served.app.inject({ url: "/api/Auth/CurrentUser", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("1001");
  });

  it("refuses a cookie-carrying state change from another site (CSRF)", async () => {
    const cookie = cookieFrom(await login("buyer@anticline.test", "Buyer123!"));
    const forged = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Logout",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
    const noOrigin = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Logout",
      headers: { cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await served.app.inject({ url: "/api/Auth/CurrentUser", headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it("a buyer without private deals may not list them", async () => {
    const cookie = cookieFrom(await login("buyer@anticline.test", "Buyer123!"));
    const response = await served.app.inject({
      url: "/api/Advisors/GetDeals?isConfidential=true",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You are not authorized to access this page");
  });

  it("checks email availability: 200 when free, 409 with the spec's message when taken", async () => {
    expect(
      (await served.app.inject("/api/Auth/CheckEmailAvailability?email=free@example.test")).statusCode,
    ).toBe(200);
    const taken = await served.app.inject("/api/Auth/CheckEmailAvailability?email=BUYER@anticline.test");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("That email address already has an account!");
    expect((await served.app.inject("/api/Auth/CheckEmailAvailability?email=not-an-email")).statusCode).toBe(
      400,
    );
  });

  it("validates sign-up with the spec's messages and changes nothing on bad input", async () => {
    const bad = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Signup",
      headers: json,
      payload: {
        firstName: "",
        lastName: "X",
        email: "x@example.test",
        password: "short",
        confirmPassword: "short",
      },
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toContain("Please enter your first name.");
    expect(messages).toContain(
      "Your password must contain at least 6 characters with no less than one number.",
    );
    expect(await served.core.signUp.emailAvailable("x@example.test")).toBe(true);
  });

  it("resets a password through UpdatePassword with the mailed token as a Bearer header", async () => {
    const sent = await served.app.inject({
      method: "POST",
      url: "/api/Auth/SendResetPasswordEmail?email=mgmt1@anticline.test&site=web",
    });
    expect(sent.statusCode).toBe(200);
    for (let i = 0; i < 50 && !smtp.mails.some((m) => m.to.includes("mgmt1@anticline.test")); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const mail = smtp.mails.find((m) => m.to.includes("mgmt1@anticline.test"))!;
    const token = new URL(
      linkIn(mail, `${served.core.config.publicUrl}/reset-password?token=`),
    ).searchParams.get("token");
    const reset = await served.app.inject({
      method: "POST",
      url: "/api/Auth/UpdatePassword?password=Fresh2026",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reset.json().message).toBe("An email has been sent with confirmation of your password change.");
    const again = await served.app.inject({
      method: "POST",
      url: "/api/Auth/UpdatePassword?password=Fresh2027",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("An error occurred when trying update your password");
    expect((await login("mgmt1@anticline.test", "Fresh2026")).statusCode).toBe(200);
    const unknown = await served.app.inject({
      method: "POST",
      url: "/api/Auth/SendResetPasswordEmail?email=ghost@anticline.test",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("The email you entered does not exist. Please try again.");
  });

  it("saves and reads interests for the signed-in buyer only", async () => {
    expect((await served.app.inject("/api/UserInterests/GetInterests")).statusCode).toBe(401);
    const cookie = cookieFrom(await login("mgmt3@anticline.test", "Mgmt123!"));
    const saved = await served.app.inject({
      method: "POST",
      url: "/api/UserInterests/Update",
      headers: { ...json, cookie, origin },
      payload: { buy_producingProperties: true, oil: true, selectedRegions: ["Permian", "Rockies"] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      buy_producingProperties: true,
      oil: true,
      gas: false,
      selectedRegions: ["Permian", "Rockies"],
    });
    const bad = await served.app.inject({
      method: "POST",
      url: "/api/UserInterests/Update",
      headers: { ...json, cookie, origin },
      payload: { selectedRegions: ["Atlantis"] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("abuse resistance", () => {
  const served = serveTestApp(testEngines()[0], {}, { withWebApp: false });

  it("limits login attempts to 10 a minute per address, answering 429 with a clear message", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await served.app.inject({
        method: "POST",
        url: "/api/Auth/Login",
        headers: json,
        payload: { email: `ghost${i}@anticline.test`, password: "whatever1" },
        remoteAddress: "203.0.113.7",
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const otherAddress = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: json,
      payload: { email: "buyer@anticline.test", password: "Buyer123!" },
      remoteAddress: "198.51.100.9",
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it("masks passwords and tokens in logged URLs", () => {
    expect(maskSecrets("/api/Auth/UpdatePassword?password=Secret1&x=1")).toBe(
      "/api/Auth/UpdatePassword?password=[masked]&x=1",
    );
    expect(maskSecrets("/api/Auth/VerifyUser?token=abc")).toBe("/api/Auth/VerifyUser?token=[masked]");
  });
});

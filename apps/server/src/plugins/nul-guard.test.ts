import { testEngines } from "@aea/core/testing";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

// PostgreSQL cannot store NUL in text: before the guard, such input reached a query and answered 500.
describe.each(testEngines())("NUL characters on $name", (engine) => {
  const served = serveTestApp(engine);
  const origin = "http://localhost:3000";

  it("are refused in a page form with a 400, before the action looks anything up", async () => {
    const response = await served.app.inject({
      method: "POST",
      url: "/login",
      headers: { host: "localhost:3000", origin, "content-type": "application/x-www-form-urlencoded" },
      payload: "email=buyer%00@anticline.test&password=Buyer123!",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "INVALID_TEXT" });
  });

  it("are refused in a JSON body and a query", async () => {
    const login = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: { origin },
      payload: { email: "buyer\u0000@anticline.test", password: "Buyer123!", rememberMe: false },
    });
    expect(login.statusCode).toBe(400);
    const search = await served.app.inject({ url: "/api/Auth/CheckEmailAvailability?email=a%00@b.test" });
    expect(search.statusCode).toBe(400);
  });

  it("leave an ordinary page form alone", async () => {
    const response = await served.app.inject({
      method: "POST",
      url: "/login",
      headers: { host: "localhost:3000", origin, "content-type": "application/x-www-form-urlencoded" },
      payload: "email=buyer%40anticline.test&password=wrong-password",
    });
    // The login action answers a wrong password itself (the page with its message), not the guard.
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain("INVALID_TEXT");
    expect(response.body).toContain("Incorrect password");
  });
});

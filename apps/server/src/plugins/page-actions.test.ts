import { Readable } from "node:stream";
import { insertTestAccount, testDatabase, testEngines } from "@aea/core/testing";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

const form = { "content-type": "application/x-www-form-urlencoded" };
// A complete contact form: were its size not refused, the action would store an inquiry.
const contactForm = "firstName=Ann&lastName=Lee&email=ann%40example.com&subject=Hi&message=Hello&padding=";
const tooLarge = { message: "This form is too large to send (limit 1 MB).", code: "BODY_TOO_LARGE" };

describe("page actions (form posts to pages)", () => {
  const served = serveTestApp(testEngines()[0]);
  let address = 0;
  const nextAddress = () => `192.0.2.${++address}`;

  const inquiries = async () =>
    Number(
      (
        await testDatabase(served.core)
          .db.selectFrom("inquiries")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Every spelling React Router routes to the login action; each must count against the one limit.
  it.each([
    ["POST", "/login"],
    ["POST", "/LOGIN"],
    ["POST", "/login/"],
    ["POST", "/login//"],
    ["POST", "/%6Cogin"],
    ["POST", "/x/../login"],
    ["POST", "/login.data"],
    ["POST", "/login/_.data"],
    ["POST", "/Login?redirectTo=%2Fhome"],
    ["PUT", "/login"],
    ["DELETE", "/login"],
  ])("limits %s %s to 10 a minute per address, as it reaches the login action", async (method, url) => {
    const remoteAddress = nextAddress();
    const post = () =>
      served.app.inject({ method: method as "POST", url, headers: form, payload: "email=x", remoteAddress });
    const first = await post();
    expect(first.statusCode).not.toBe(404);
    for (let i = 0; i < 9; i++) expect((await post()).statusCode).not.toBe(429);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
  });

  it("shares one count between spellings: 10 posts to /login leave none for /LOGIN/ from that address", async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < 10; i++) {
      await served.app.inject({
        method: "POST",
        url: "/login",
        headers: form,
        payload: "email=x",
        remoteAddress,
      });
    }
    const other = await served.app.inject({
      method: "POST",
      url: "/LOGIN/",
      headers: form,
      payload: "email=x",
      remoteAddress,
    });
    expect(other.statusCode).toBe(429);
  });

  it("counts every login door in one bucket: 10 logins on the API leave none for the /login form, and back", async () => {
    const apiLogin = (remoteAddress: string) =>
      served.app.inject({
        method: "POST",
        url: "/api/Auth/Login",
        headers: { "content-type": "application/json" },
        payload: { email: "ghost@example.com", password: "Wrong123!", rememberMe: false },
        remoteAddress,
      });
    const formLogin = (remoteAddress: string) =>
      served.app.inject({ method: "POST", url: "/login", headers: form, payload: "email=x", remoteAddress });
    const legacyLogin = (remoteAddress: string) =>
      served.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload: { username: "ghost@example.com", password: "Wrong123!" },
        remoteAddress,
      });

    const first = nextAddress();
    for (let i = 0; i < 10; i++) expect((await apiLogin(first)).statusCode).toBe(401);
    expect((await formLogin(first)).statusCode).toBe(429);

    const second = nextAddress();
    for (let i = 0; i < 10; i++) expect((await formLogin(second)).statusCode).not.toBe(429);
    const limited = await legacyLogin(second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");

    // The other account forms keep their own count: a spent login bucket does not close sign-up.
    const forgot = await served.app.inject({
      method: "POST",
      url: "/forgot-password",
      headers: form,
      payload: "email=x",
      remoteAddress: second,
    });
    expect(forgot.statusCode).not.toBe(429);
  });

  it("logs in and goes on to a path beyond Latin-1, percent-encoded: the redirect is sent, not a 500", async () => {
    const user = await insertTestAccount(served.core, { password: "Right2030" });
    const url = "/login?redirectTo=%2Fdeals%2F%E3%80%80%3Fq%3D%E3%80%80%23%E3%80%80";
    const encoded = "/deals/%E3%80%80?q=%E3%80%80#%E3%80%80";
    const login = await served.app.inject({
      method: "POST",
      url,
      // React Router checks the Origin against the request's own host as well.
      headers: {
        ...form,
        origin: served.core.config.publicUrl,
        host: new URL(served.core.config.publicUrl).host,
      },
      payload: `email=${encodeURIComponent(user.email)}&password=Right2030`,
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe(encoded);
    const cookie = String(login.headers["set-cookie"]).split(";")[0];
    // Signed in already, the login page sends the visitor straight on, the same way.
    const again = await served.app.inject({ url, headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(encoded);
    // Off-site targets still fall back to the home page, however they are spelt.
    for (const target of ["//evil.test/x", "https://evil.test/", "/\\evil.test"]) {
      const away = await served.app.inject({
        url: `/login?redirectTo=${encodeURIComponent(target)}`,
        headers: { cookie },
      });
      expect(away.headers.location, target).toBe("/");
    }
  });

  it("leaves unlimited only spellings React Router does not route to the action (the not-found page: 405)", async () => {
    for (const url of ["//login", "/login%2F", "/%2Flogin"]) {
      const response = await served.app.inject({ method: "POST", url, headers: form, payload: "email=x" });
      expect(response.statusCode).toBe(405);
    }
  });

  it("refuses a page form over 1 MB by its Content-Length with 413 and a clear message; no action runs", async () => {
    const before = await inquiries();
    const padding = "x".repeat(1024 * 1024);
    const response = await served.app.inject({
      method: "POST",
      url: "/contact-us",
      headers: form,
      payload: `${contactForm}${padding}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooLarge);
    expect(response.headers.connection).toBe("close");
    expect(await inquiries()).toBe(before);
  });

  it("refuses a chunked page form once more than 1 MB has streamed in (413), before any action runs", async () => {
    const before = await inquiries();
    const chunk = Buffer.alloc(64 * 1024, "x");
    const body = Readable.from(
      (function* () {
        yield Buffer.from(contactForm);
        for (let i = 0; i < 20; i++) yield chunk;
      })(),
    );
    const response = await served.app.inject({
      method: "POST",
      url: "/seller",
      headers: form,
      payload: body,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooLarge);
    expect(await inquiries()).toBe(before);
  });

  it("still takes a form just under 1 MB", async () => {
    const before = await inquiries();
    const response = await served.app.inject({
      method: "POST",
      url: "/contact-us",
      headers: form,
      payload: `${contactForm}${"x".repeat(1000 * 1024)}`,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(await inquiries()).toBe(before + 1);
  });

  it("lets an admin upload a content image larger than 1 MB; anyone else's large upload is 413", async () => {
    const noise = Buffer.alloc(800 * 800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const png = await sharp(noise, { raw: { width: 800, height: 800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const data = new FormData();
    data.set("intent", "upload");
    data.set("file", new File([png], "noise.png", { type: "image/png" }));
    const request = new Request("http://localhost/", { method: "POST", body: data });
    const payload = Buffer.from(await request.arrayBuffer());
    const headers = { "content-type": String(request.headers.get("content-type")) };

    const login = await served.core.logins.login("admin@anticline.test", "Admin123!", false);
    if (login.status !== "ok") throw new Error(login.status);
    const asAdmin = await served.app.inject({
      method: "POST",
      url: "/admin/content/files",
      payload,
      headers: { ...headers, cookie: `aea_session=${login.token}`, origin: served.core.config.publicUrl },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().file).toMatchObject({ type: "image/png" });

    const anonymous = await served.app.inject({
      method: "POST",
      url: "/admin/content/files",
      payload,
      headers,
    });
    expect(anonymous.statusCode).toBe(413);
  });
});

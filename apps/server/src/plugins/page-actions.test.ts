import { Readable } from "node:stream";
import type { Core } from "@aea/core";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../../../packages/core/src/testing/test-cores.ts";
import { testDatabase } from "../../../../packages/core/src/testing/test-database.ts";
import { buildApp } from "../app.ts";
import { requireFreshWebBuild } from "../testing/web-build.ts";

const form = { "content-type": "application/x-www-form-urlencoded" };
// A complete contact form: were its size not refused, the action would store an inquiry.
const contactForm = "firstName=Ann&lastName=Lee&email=ann%40example.com&subject=Hi&message=Hello&padding=";
const tooLarge = { message: "This form is too large to send (limit 1 MB).", code: "BODY_TOO_LARGE" };

describe("page actions (form posts to pages)", () => {
  let core: Core;
  let app: FastifyInstance;
  let address = 0;
  const nextAddress = () => `192.0.2.${++address}`;
  beforeAll(async () => {
    requireFreshWebBuild();
    core = await testEngines()[0].create();
    app = await buildApp({ core });
  });
  afterAll(async () => {
    await app.close();
    await core.close();
  });

  const inquiries = async () =>
    Number(
      (
        await testDatabase(core)
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
      app.inject({ method: method as "POST", url, headers: form, payload: "email=x", remoteAddress });
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
      await app.inject({ method: "POST", url: "/login", headers: form, payload: "email=x", remoteAddress });
    }
    const other = await app.inject({
      method: "POST",
      url: "/LOGIN/",
      headers: form,
      payload: "email=x",
      remoteAddress,
    });
    expect(other.statusCode).toBe(429);
  });

  it("leaves unlimited only spellings React Router does not route to the action (the not-found page: 405)", async () => {
    for (const url of ["//login", "/login%2F", "/%2Flogin"]) {
      const response = await app.inject({ method: "POST", url, headers: form, payload: "email=x" });
      expect(response.statusCode).toBe(405);
    }
  });

  it("refuses a page form over 1 MB by its Content-Length with 413 and a clear message; no action runs", async () => {
    const before = await inquiries();
    const padding = "x".repeat(1024 * 1024);
    const response = await app.inject({
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
    const response = await app.inject({
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
    const response = await app.inject({
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

    const login = await core.accounts.login("admin@anticline.test", "Admin123!", false);
    if (login.status !== "ok") throw new Error(login.status);
    const asAdmin = await app.inject({
      method: "POST",
      url: "/admin/content/files",
      payload,
      headers: { ...headers, cookie: `aea_session=${login.token}`, origin: core.config.publicUrl },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().file).toMatchObject({ type: "image/png" });

    const anonymous = await app.inject({ method: "POST", url: "/admin/content/files", payload, headers });
    expect(anonymous.statusCode).toBe(413);
  });
});

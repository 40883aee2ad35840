import { testEngines } from "@aea/core/testing";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { serveTestApp } from "../testing/test-app.ts";

/** The admin edits are made as: core checks the acting user itself. */
const staff = { id: 1, isAdmin: true };
const origin = "http://localhost:3000";

/** A multipart body as a browser would send it, ready for `inject`. */
async function multipart(fields: Record<string, string | Blob | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

// The editor's pages and the site they change, through the whole server in production mode
// (published content only), as an admin, a buyer and an anonymous visitor.
describe("content editor pages", () => {
  const served = serveTestApp(testEngines()[0], { NODE_ENV: "production" });
  let admin: string;
  let buyer: string;

  beforeAll(async () => {
    const sessionOf = async (email: string, password: string) => {
      const result = await served.core.logins.login(email, password, false);
      if (result.status !== "ok") throw new Error(`${email}: ${result.status}`);
      return `aea_session=${result.token}`;
    };
    admin = await sessionOf("admin@anticline.test", "Admin123!");
    buyer = await sessionOf("buyer@anticline.test", "Buyer123!");
  });

  const get = (url: string, cookie?: string) => served.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = async (url: string, fields: Record<string, string | Blob | File>, cookie = admin) => {
    const body = await multipart(fields);
    return served.app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie, origin, host: "localhost:3000" },
    });
  };

  it("lets admins in; anonymous visitors log in first and other users go home", async () => {
    expect((await get("/admin/content")).headers.location).toBe("/login?redirectTo=%2Fadmin%2Fcontent");
    expect((await get("/admin/content/service/1", buyer)).headers.location).toBe("/home");
    const page = await get("/admin/content", admin);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Hero slides");
    expect((await get("/admin/content/service", admin)).body).toContain("Drag an item");
    expect((await get("/admin/content/team_page", admin)).headers.location).toBe(
      "/admin/content/team_page/1",
    );
    expect((await get("/admin/content/no_such", admin)).statusCode).toBe(404);
    expect((await get("/admin/content/service/abc", admin)).statusCode).toBe(404);
    expect((await get("/admin/content/service/99999", admin)).statusCode).toBe(404);
    const files = await post("/admin/content/files", { intent: "upload" }, buyer);
    expect(files.headers.location).toBe("/home");
  });

  it("saves the form, and the cached home page shows the change on the next request", async () => {
    const home = () => served.app.inject({ url: "/home", headers: { "accept-encoding": "identity" } });
    const before = await home();
    expect((await home()).body).toBe(before.body);
    const slide = await served.core.contentEditing.item("hero_slider", 1);
    const title = `Forty Years of Divestitures ${Date.now()}`;
    const response = await post("/admin/content/hero_slider/1", {
      status: "published",
      title,
      body: "<p>Edited <script>alert(1)</script>body</p>",
      click_url: String(slide?.data.click_url),
      "links.0.__row": "1",
      "links.0.title": "Current Assignments",
      "links.0.url": "/deals/public",
      link_button_color: "#f59e0b",
      image: String(slide?.data.image),
      banner: String(slide?.data.banner),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/admin/content/hero_slider/1?saved=1");
    const saved = await served.core.contentEditing.item("hero_slider", 1);
    expect(saved?.data).toMatchObject({
      title,
      body: "<p>Edited body</p>",
      links: [{ title: "Current Assignments" }],
    });
    expect((await home()).body).toContain(title);
  });

  it("refuses bad input with messages and keeps the item as it was", async () => {
    const before = await served.core.contentEditing.item("service", 1);
    const response = await post("/admin/content/service/1", {
      status: "published",
      path: "Not A Slug",
      title: "",
      underline_color: "red;}",
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Nothing was saved");
    expect(response.body).toContain("Title is required.");
    expect(await served.core.contentEditing.item("service", 1)).toEqual(before);
  });

  it("stores a file posted with the form (no JavaScript) and refuses one that is not what it claims", async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#173761" } })
      .png()
      .toBuffer();
    const study = await served.core.contentEditing.item("case_study", 1);
    const response = await post("/admin/content/case_study/1", {
      status: "published",
      title: String(study?.data.title),
      image: String(study?.data.image),
      "upload:image": new File([png], "photo.png", { type: "image/png" }),
      [`file-title:${String(study?.data.image)}`]: "Renamed case history",
    });
    expect(response.statusCode).toBe(302);
    const image = (await served.core.contentEditing.item("case_study", 1))?.data.image;
    expect(image).not.toBe(study?.data.image);
    expect(await served.core.content.findFile(String(image))).toMatchObject({
      width: 60,
      height: 40,
      type: "image/png",
    });
    expect(await served.core.content.findFile(String(study?.data.image))).toMatchObject({
      title: "Renamed case history",
    });

    const fake = await post("/admin/content/files", {
      intent: "upload",
      file: new File(["GIF89a, or so it says"], "logo.gif", { type: "image/gif" }),
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toEqual({ message: expect.stringMatching(/not an image/) });
    const real = await post("/admin/content/files", {
      intent: "upload",
      file: new File([png], "logo.png", { type: "image/png" }),
    });
    expect(real.json()).toMatchObject({ file: { type: "image/png", width: 60, height: 40 } });
    const focal = await post("/admin/content/files", {
      intent: "focal",
      id: real.json().file.id,
      x: "50",
      y: "10",
    });
    expect(focal.json()).toMatchObject({ file: { focalPointX: 50, focalPointY: 10 } });
  });

  it("shows a draft to an admin's ?preview of its page, never to others, and never from a shared cache", async () => {
    const [service] = await served.core.contentEditing.items("service");
    const path = String((await served.core.contentEditing.item("service", service.id))?.data.path);
    await served.core.contentEditing.setStatus(staff, "service", service.id, "draft");
    try {
      const anonymous = await get(`/services/${path}?preview=1`);
      expect(anonymous.statusCode).toBe(302);
      expect((await get(`/services/${path}?preview=1`, buyer)).statusCode).toBe(302);
      expect((await get(`/services/${path}`, admin)).statusCode).toBe(302);
      const preview = await get(`/services/${path}?preview=1`, admin);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain(service.title.replace(/&/g, "&amp;"));
      expect(preview.headers["cache-control"]).toBe("private, no-store");
      const items = await get("/items/service?fields=path&limit=-1", admin);
      expect(items.json().data.map((s: { path: string }) => s.path)).not.toContain(path);
    } finally {
      await served.core.contentEditing.setStatus(staff, "service", service.id, "published");
    }
  });
});

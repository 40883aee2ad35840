import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { readObject } from "../storage/storage.ts";
import { testEngines, testStorage } from "../testing/test-cores.ts";
import type { ContentRecord } from "./query/content-schema.ts";

/** The admin edits are made as: core checks the acting user itself. */
const staff = { id: 1, isAdmin: true };

type Rows = ContentRecord[];

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6f97" } })
    .png()
    .toBuffer();

describe.each(testEngines())("content editing on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create();
  });
  afterAll(() => core.close());

  const editing = () => core.contentEditing;
  const published = async (collection: string, query = {}) =>
    (await core.content.readItems(collection, query)).data as Rows;
  const withDrafts = async (collection: string) =>
    (await core.contentPreview.readItems(collection, {})).data as Rows;

  it("lists every collection with its counts per status", async () => {
    const collections = await editing().collections();
    const posts = collections.find((c) => c.name === "post");
    expect(posts).toMatchObject({ label: "Posts", singleton: false });
    expect(posts?.total).toBe(
      (posts?.counts.published ?? 0) + (posts?.counts.draft ?? 0) + (posts?.counts.archived ?? 0),
    );
    expect(collections.find((c) => c.name === "home_page")).toMatchObject({ singleton: true, total: 1 });
  });

  it("lists drafts and archived items that the public API hides", async () => {
    const all = await editing().items("hero_slider");
    const visible = await published("hero_slider");
    expect(all.length).toBeGreaterThan(visible.length - 1);
    expect(all.map((i) => i.status)).toContain("draft");
    expect(all[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String) });
  });

  it("refuses an actor who is not staff, and saves nothing", async () => {
    const [first] = await editing().items("service");
    const before = await editing().item("service", first.id);
    const buyer = { id: staff.id, isAdmin: false };
    await expect(
      editing().save(buyer, "service", first.id, { ...before?.data, title: "X" }),
    ).rejects.toMatchObject({
      status: 403,
      code: "FORBIDDEN",
    });
    await expect(editing().setStatus(buyer, "service", first.id, "draft")).rejects.toMatchObject({
      status: 403,
    });
    expect(await editing().item("service", first.id)).toEqual(before);
  });

  it("saves a changed service and the next read shows it, with a new content version", async () => {
    const [first] = await editing().items("service");
    const item = await editing().item("service", first.id);
    const before = core.dataVersion.of("content", "content-files");
    const result = await editing().save(staff, "service", first.id, {
      ...item?.data,
      status: "published",
      title: "  Asset Sales, Edited  ",
      reading_minutes: "ignored",
    });
    expect(result.ok).toBe(true);
    expect(core.dataVersion.of("content", "content-files")).toBeGreaterThan(before);
    const { data } = await core.content.readItem("service", first.id);
    expect(data.title).toBe("Asset Sales, Edited");
    expect(data).not.toHaveProperty("reading_minutes");
  });

  it("coerces form text and stores blank optional fields as null", async () => {
    const result = await editing().save(staff, "energy_prices", undefined, {
      status: "draft",
      name: "Test Crude",
      unit: "",
      price: "71.25",
      previous_price: "",
    });
    expect(result).toMatchObject({ ok: true, item: { status: "draft" } });
    if (!result.ok) return;
    expect(result.item.data).toEqual({ name: "Test Crude", unit: null, price: 71.25, previous_price: null });
    const all = await editing().items("energy_prices");
    expect(all.at(-1)?.id).toBe(result.item.id);
    expect((await withDrafts("energy_prices")).map((p) => p.name)).toContain("Test Crude");
    expect((await published("energy_prices")).map((p) => p.name)).toContain("Test Crude");
  });

  it("refuses bad input with a message per field and saves nothing", async () => {
    const [first] = await editing().items("hero_slider");
    const before = await editing().item("hero_slider", first.id);
    const result = await editing().save(staff, "hero_slider", first.id, {
      status: "live",
      title: " ",
      click_url: "javascript:alert(1)",
      link_button_color: "red; background: url(x)",
      links: [{ title: "Sell", url: "" }],
      image: "no-such-file",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      status: expect.stringMatching(/status/i),
      title: "Title is required.",
      click_url: expect.stringMatching(/must start with/),
      link_button_color: expect.stringMatching(/CSS colour/),
      "links.0.url": "URL is required.",
    });
    expect(await editing().item("hero_slider", first.id)).toEqual(before);
  });

  it("refuses a file or related item that does not exist, and a duplicate slug", async () => {
    const posts = await editing().items("post");
    const post = await editing().item("post", posts[0].id);
    const other = await editing().item("post", posts[1].id);
    const result = await editing().save(staff, "post", posts[0].id, {
      ...post?.data,
      status: "published",
      image: "no-such-file",
      tags: [99999],
      slug: other?.data.slug,
    });
    expect(result).toMatchObject({
      ok: false,
      errors: {
        image: expect.stringMatching(/no longer exists/),
        tags: expect.stringMatching(/no longer exists/),
        slug: expect.stringMatching(/Another item/),
      },
    });
  });

  it("sanitises rich text: scripts, handlers and javascript: links are removed", async () => {
    const [first] = await editing().items("hero_slider");
    const item = await editing().item("hero_slider", first.id);
    const result = await editing().save(staff, "hero_slider", first.id, {
      ...item?.data,
      status: item?.status,
      body: '<p onclick="steal()">Hello <strong>world</strong><script>alert("x")</script></p><a href="javascript:alert(1)">bad</a> <a href="https://example.test" target="_blank">ok</a><img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe>',
    });
    expect(result.ok).toBe(true);
    const stored = (await editing().item("hero_slider", first.id))?.data.body as string;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|<img|<iframe|alert/);
    expect(stored).toContain("<p>Hello <strong>world</strong></p>");
    expect(stored).toContain(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });

  it("saves nested repeatable groups: teams, members and their experiences", async () => {
    const team = await editing().item("team_page", 1);
    const teams = structuredClone(team?.data.teams) as { members: { experiences: { item: string }[] }[] }[];
    teams[1].members[0].experiences.push({ item: "Led the 2026 winter sale" });
    teams.reverse();
    const result = await editing().save(staff, "team_page", 1, { ...team?.data, status: "published", teams });
    expect(result.ok).toBe(true);
    const { data } = await core.content.readItems("team_page");
    const saved = (data as { teams: typeof teams }).teams;
    expect(saved[0].members[0].experiences.at(-1)).toEqual({ item: "Led the 2026 winter sale" });
    const bad = await editing().save(staff, "team_page", 1, {
      ...team?.data,
      status: "published",
      teams: [{ name: "Ops", members: [{ name: "", experiences: [{ item: "" }] }] }],
    });
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        "teams.0.members.0.name": "Name is required.",
        "teams.0.members.0.experiences.0.item": expect.any(String),
      },
    });
  });

  it("refuses a second item of a singleton", async () => {
    const result = await editing().save(staff, "home_page", undefined, { status: "draft" });
    expect(result).toMatchObject({ ok: false, errors: { item: expect.stringMatching(/already exists/) } });
  });

  it("reorders items, and moves one up or down", async () => {
    const before = (await editing().items("case_study")).map((i) => i.id);
    const reversed = [...before].reverse();
    await editing().reorder(staff, "case_study", reversed);
    expect((await editing().items("case_study")).map((i) => i.id)).toEqual(reversed);
    const visible = (await published("case_study", { fields: "id", limit: -1 })).map((i) => i.id);
    expect(visible.length).toBeGreaterThan(1);
    expect(visible).toEqual(reversed.filter((id) => visible.includes(id)));
    await editing().move(staff, "case_study", reversed[1], "up");
    expect((await editing().items("case_study")).map((i) => i.id).slice(0, 2)).toEqual([
      reversed[1],
      reversed[0],
    ]);
    await editing().move(staff, "case_study", reversed[1], "up");
    expect((await editing().items("case_study")).map((i) => i.id)[0]).toBe(reversed[1]);
    await expect(editing().reorder(staff, "case_study", [999999])).rejects.toThrow(/No item/);
  });

  it("publishes and unpublishes: a draft leaves the production API at once", async () => {
    const [first] = (await editing().items("press_release")).filter((i) => i.status === "published");
    const version = core.dataVersion.of("content", "content-files");
    expect(await editing().setStatus(staff, "press_release", first.id, "draft")).toBe(true);
    expect(core.dataVersion.of("content", "content-files")).toBeGreaterThan(version);
    expect((await editing().item("press_release", first.id))?.status).toBe("draft");
    expect((await editing().items("press_release")).find((i) => i.id === first.id)?.status).toBe("draft");
    expect(await editing().setStatus(staff, "press_release", first.id, "archived")).toBe(true);
    expect((await published("press_release", { fields: "id" })).map((i) => i.id)).not.toContain(first.id);
    expect(await editing().setStatus(staff, "press_release", first.id, "published")).toBe(true);
    expect((await published("press_release", { fields: "id" })).map((i) => i.id)).toContain(first.id);
    expect(await editing().setStatus(staff, "press_release", 999999, "draft")).toBe(false);
  });

  describe("uploads", () => {
    it("stores an image under a generated name with its size, and the asset service serves it", async () => {
      const bytes = await png(640, 360);
      const result = await editing().upload(staff, {
        bytes,
        filename: "../../Field Photo.jpeg",
        title: "Field photo",
      });
      const file = result;
      expect(file).toMatchObject({
        type: "image/png",
        width: 640,
        height: 360,
        filesize: bytes.byteLength,
        filename: "Field-Photo.png",
        title: "Field photo",
      });
      expect(file.storagePath).toMatch(/^uploads\/[0-9a-f-]{36}\.png$/);
      expect(await readObject(testStorage, `content/${file.storagePath}`)).toEqual(bytes);
      expect(await core.content.findFile(file.id)).toMatchObject({ id: file.id });
      const asset = await core.assets.asset(file.id, { width: 100, format: "auto" }, "image/webp");
      expect(asset.file.contentType).toBe("image/webp");
    });

    it("refuses a fake image (wrong magic bytes), SVG, empty and oversized files", async () => {
      const fake = new TextEncoder().encode("<?php echo 'I am not a JPEG'; ?>");
      await expect(editing().upload(staff, { bytes: fake, filename: "photo.jpg" })).rejects.toMatchObject({
        code: "UPLOAD_REJECTED",
        message: expect.stringMatching(/not an image/),
      });
      const jpegHeaderOnly = new Uint8Array([
        0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2,
      ]);
      await expect(
        editing().upload(staff, { bytes: jpegHeaderOnly, filename: "cut.jpg" }),
      ).rejects.toMatchObject({
        code: "UPLOAD_REJECTED",
      });
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      await expect(editing().upload(staff, { bytes: svg, filename: "logo.svg" })).rejects.toMatchObject({
        code: "UPLOAD_REJECTED",
        message: expect.stringMatching(/SVG/),
      });
      await expect(
        editing().upload(staff, { bytes: new Uint8Array(), filename: "empty.png" }),
      ).rejects.toMatchObject({
        code: "UPLOAD_REJECTED",
        message: "The file is empty.",
      });
      const huge = new Uint8Array(editing().uploadLimits.maxBytes + 1);
      await expect(editing().upload(staff, { bytes: huge, filename: "huge.png" })).rejects.toMatchObject({
        code: "UPLOAD_REJECTED",
        message: expect.stringMatching(/larger than 10 MB/),
      });
    });

    it("refuses an image with too many pixels", async () => {
      // 8000 × 6000 = 48 MP, over the 40 MP limit; a flat PNG of that size is small on disk.
      const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000000" } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      await expect(editing().upload(staff, { bytes: big, filename: "big.png" })).rejects.toMatchObject({
        code: "UPLOAD_REJECTED",
        message: expect.stringMatching(/megapixels/),
      });
    });

    it("accepts a PDF by its header", async () => {
      const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
      expect(await editing().upload(staff, { bytes: pdf, filename: "brochure.pdf" })).toMatchObject({
        type: "application/pdf",
        width: null,
        filename: "brochure.pdf",
      });
    });

    it("sets a focal point that the API shows and a cover crop honours", async () => {
      // Left half white, right half black: a focal point on the right must give a dark crop.
      const left = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer();
      const image = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#000000" } })
        .composite([{ input: left, left: 0, top: 0 }])
        .png()
        .toBuffer();
      const result = await editing().upload(staff, { bytes: image, filename: "halves.png" });
      const version = core.dataVersion.of("content", "content-files");
      const file = await editing().setFocalPoint(staff, result.id, { x: 390, y: 100 });
      expect(file).toMatchObject({ focalPointX: 390, focalPointY: 100 });
      expect(core.dataVersion.of("content", "content-files")).toBeGreaterThan(version);
      expect(await core.content.findFile(result.id)).toMatchObject({ focalPointX: 390 });
      const crop = await core.assets.asset(result.id, { width: 100, height: 100, fit: "cover" }, undefined);
      const { channels } = await sharp(await readObject(testStorage, crop.file.object.key)).stats();
      expect(channels[0].mean).toBeLessThan(20);
      await expect(editing().setFocalPoint(staff, "no-such-file", { x: 1, y: 1 })).rejects.toThrow(
        /No such file/,
      );
    });

    it("renames files, which the API shows at once", async () => {
      const result = await editing().upload(staff, { bytes: await png(30, 30), filename: "client-logo.png" });
      expect(result.title).toBe("client logo");
      expect(
        await editing().setFileTitles(staff, { [result.id]: "  Permian   Partners ", unknown: "x" }),
      ).toBe(1);
      expect(await core.content.findFile(result.id)).toMatchObject({ title: "Permian Partners" });
      expect(await editing().setFileTitles(staff, { [result.id]: "Permian Partners" })).toBe(0);
    });

    it("lets a saved item use an uploaded file", async () => {
      const result = await editing().upload(staff, { bytes: await png(300, 200), filename: "case.png" });
      const [first] = await editing().items("case_study");
      const item = await editing().item("case_study", first.id);
      const saved = await editing().save(staff, "case_study", first.id, {
        ...item?.data,
        status: "published",
        image: result.id,
      });
      expect(saved.ok).toBe(true);
      const { data } = await core.content.readItem("case_study", first.id, { fields: "image.*" });
      expect(data.image).toMatchObject({ id: result.id, width: 300, height: 200 });
    });
  });
});

describe.each(testEngines())("content editing in production on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create({ NODE_ENV: "production" });
  });
  afterAll(() => core.close());

  it("hides an unpublished item from the public reads and shows it to a preview", async () => {
    const ids = async () =>
      ((await core.content.readItems("service", { fields: "id" })).data as Rows).map((i) => i.id);
    const [first] = await ids();
    await core.contentEditing.setStatus(staff, "service", first as number, "draft");
    expect(await ids()).not.toContain(first);
    const preview = (await core.contentPreview.readItems("service", { fields: "id" })).data as Rows;
    expect(preview.map((i) => i.id)).toContain(first);
    await expect(core.content.readItem("service", first as number)).rejects.toMatchObject({ status: 403 });
    expect((await core.contentPreview.readItem("service", first as number)).data.id).toBe(first);
    await core.contentEditing.setStatus(staff, "service", first as number, "published");
    expect(await ids()).toContain(first);
  });
});

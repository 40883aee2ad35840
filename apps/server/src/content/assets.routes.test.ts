import type { Core } from "@aea/core";
import { listAll, readObject, testDatabase, testEngines, testStorage } from "@aea/core/testing";
import { ASSET_QUALITY_STEPS, ASSET_SIZE_STEPS, assetSizeStep } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { serveTestApp } from "../testing/test-app.ts";

const HUGE_ID = "00000000-0000-4000-8000-000000000001";
const UNSIZED_HUGE_ID = "00000000-0000-4000-8000-000000000002";
const MISSING_FILE_ID = "00000000-0000-4000-8000-000000000003";
const STRIP_ID = "00000000-0000-4000-8000-000000000004";
const HUGE_PATH = "test/huge.png";
const STRIP_PATH = "test/strip.png";

describe.each(testEngines())("content assets on $name", (engine) => {
  let core: Core;
  let app: FastifyInstance;
  let seoImage: string;
  let portrait: string;
  let banner: string;
  let logoListingId: number;

  beforeAll(async () => {
    // These tests ask for many new renders from one address; the limit on that has tests of its own below.
    core = await engine.create({ ASSET_RENDER_RATE_LIMIT_PER_MINUTE: "10000" });
    // A source above the 50-megapixel limit: solid colour, so small on disk. Registered before the
    // first request loads the files, once with its size known and once without (sharp must refuse it).
    await testStorage.put(
      `content/${HUGE_PATH}`,
      await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#13294b" } })
        .png()
        .toBuffer(),
    );
    // A long, thin image: asked for a width alone, its height grows twenty times as much.
    await testStorage.put(
      `content/${STRIP_PATH}`,
      await sharp({ create: { width: 50, height: 1000, channels: 3, background: "#c2410c" } })
        .png()
        .toBuffer(),
    );
    const file = {
      filename: "huge.png",
      type: "image/png",
      filesize: 1,
      title: "Too large",
      storagePath: HUGE_PATH,
      focalPointX: null,
      focalPointY: null,
      createdAt: "2026-11-01T00:00:00.000Z",
    };
    await testDatabase(core)
      .db.insertInto("content_files")
      .values([
        { ...file, id: HUGE_ID, width: 8000, height: 7000 },
        { ...file, id: UNSIZED_HUGE_ID, width: null, height: null },
        { ...file, id: MISSING_FILE_ID, width: 10, height: 10, storagePath: "test/not-there.png" },
        { ...file, id: STRIP_ID, width: 50, height: 1000, storagePath: STRIP_PATH, filename: "strip.png" },
      ])
      .execute();
    app = await buildApp({ core, withWebApp: false });
    const home = (await core.content.readItems("home_page", { fields: "seo_image" })).data as {
      seo_image: string;
    };
    seoImage = home.seo_image;
    const [person] = (await core.content.readItems("team", { fields: "image", limit: 1 })).data as {
      image: string;
    }[];
    portrait = person.image;
    const [slide] = (await core.content.readItems("hero_slider", { fields: "banner", limit: 1 })).data as {
      banner: string;
    }[];
    banner = slide.banner;
    const withLogo = (await core.listings.publicListings()).find((l) => l.hasLogoImage);
    logoListingId = withLogo?.ListingId ?? 0;
  });
  afterAll(async () => {
    await app.close();
    await core.close();
  });

  const get = (url: string, accept = "image/*") => app.inject({ url, headers: { accept } });
  const size = async (body: Buffer) => {
    const { width, height, format } = await sharp(body).metadata();
    return { width, height, format };
  };

  it("serves the original file untouched when no transform is asked", async () => {
    const response = await get(`/assets/${seoImage}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    const original = await readObject(testStorage, "content/demo/seo-home.jpg");
    expect(original && response.rawPayload.equals(original)).toBe(true);
    expect(response.headers["content-disposition"]).toMatch(/^inline; filename="seo-home.jpg"/);
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("resizes inside the box by default, keeping the aspect ratio", async () => {
    expect(await size((await get(`/assets/${seoImage}?width=384`)).rawPayload)).toEqual({
      width: 384,
      height: 202,
      format: "jpeg",
    });
    expect(await size((await get(`/assets/${seoImage}?height=128`)).rawPayload)).toMatchObject({
      width: 244,
    });
  });

  it("honours each fit mode", async () => {
    const fitted = async (fit: string) =>
      size((await get(`/assets/${seoImage}?width=384&height=384&fit=${fit}`)).rawPayload);
    expect(await fitted("inside")).toMatchObject({ width: 384, height: 202 });
    expect(await fitted("contain")).toMatchObject({ width: 384, height: 384 });
    expect(await fitted("cover")).toMatchObject({ width: 384, height: 384 });
    expect(await fitted("outside")).toMatchObject({ width: 731, height: 384 });
  });

  it("keeps the focal point in a cover crop", async () => {
    const response = await get(`/assets/${banner}?width=512&height=512&fit=cover&format=png`);
    expect(await size(response.rawPayload)).toEqual({ width: 512, height: 512, format: "png" });
    const source = await readObject(testStorage, "content/demo/hero-1-banner.jpg");
    const centred = await sharp(source).resize(512, 512, { fit: "cover" }).png().raw().toBuffer();
    const focused = await sharp(response.rawPayload).raw().toBuffer();
    expect(focused.equals(centred)).toBe(false);
  });

  it("chooses AVIF or WebP by the Accept header for format=auto, else the file's own format", async () => {
    const auto = (accept: string) => get(`/assets/${seoImage}?width=200&format=auto`, accept);
    const avif = await auto("image/avif,image/webp,*/*");
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(avif.headers.vary).toBe("accept");
    expect((await size(avif.rawPayload)).format).toBe("heif");
    const webp = await auto("image/webp,*/*");
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect((await auto("image/avif;q=0,image/webp")).headers["content-type"]).toBe("image/webp");
    expect((await auto("*/*")).headers["content-type"]).toBe("image/jpeg");
    expect((await get(`/assets/${seoImage}?width=200&format=png`)).headers["content-type"]).toBe("image/png");
    expect((await get(`/assets/${seoImage}?width=200&format=jpg`)).headers["content-type"]).toBe(
      "image/jpeg",
    );
    expect((await get(`/assets/${portrait}?width=200`)).headers["content-type"]).toBe("image/png");
  });

  it("uses quality 95 unless told otherwise", async () => {
    const byDefault = await get(`/assets/${seoImage}?width=600`);
    const explicit = await get(`/assets/${seoImage}?width=600&quality=95`);
    const low = await get(`/assets/${seoImage}?width=600&quality=30`);
    expect(explicit.headers.etag).toBe(byDefault.headers.etag);
    expect(explicit.rawPayload.equals(byDefault.rawPayload)).toBe(true);
    expect(low.rawPayload.length).toBeLessThan(byDefault.rawPayload.length);
  });

  it("enlarges only when allowed", async () => {
    expect(await size((await get(`/assets/${portrait}?width=768`)).rawPayload)).toMatchObject({ width: 768 });
    expect(
      await size((await get(`/assets/${portrait}?width=768&withoutEnlargement=true`)).rawPayload),
    ).toMatchObject({ width: 400 });
  });

  it("sends an attachment when asked to download", async () => {
    const response = await get(`/assets/${seoImage}?download`);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="seo-home.jpg"/);
    const converted = await get(`/assets/${seoImage}?width=100&format=webp&download=true`);
    expect(converted.headers["content-disposition"]).toMatch(/^attachment; filename="seo-home.webp"/);
  });

  it("caches each transform in storage and serves it from there", async () => {
    const url = `/assets/${seoImage}?width=333&height=222&fit=cover&quality=71`;
    const first = await get(url);
    const etag = String(first.headers.etag).replaceAll('"', "");
    const cached = `content/cache/${seoImage}/${etag}.jpeg`;
    expect((await readObject(testStorage, cached))?.equals(first.rawPayload)).toBe(true);
    // Mark the cached file: a second request that re-rendered would not return the mark.
    await testStorage.put(cached, new TextEncoder().encode("served from the storage cache"));
    try {
      expect((await get(url)).body).toBe("served from the storage cache");
    } finally {
      await testStorage.delete(cached);
    }
  });

  it("serves one byte range of a file, and 416 past its end", async () => {
    const whole = (await get(`/assets/${seoImage}`)).rawPayload;
    const part = await app.inject({ url: `/assets/${seoImage}`, headers: { range: "bytes=10-19" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(10, 20))).toBe(true);
    const tail = await app.inject({ url: `/assets/${seoImage}`, headers: { range: "bytes=-5" } });
    expect(tail.rawPayload.equals(whole.subarray(-5))).toBe(true);
    const past = await app.inject({
      url: `/assets/${seoImage}`,
      headers: { range: `bytes=${whole.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${whole.length}`);
  });

  it("answers a current ETag with 304 and caches longer for versioned URLs", async () => {
    const response = await get(`/assets/${seoImage}?width=120`);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    const again = await app.inject({
      url: `/assets/${seoImage}?width=120`,
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await get(`/assets/${seoImage}?width=120&v=20261001`)).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  it("refuses transforms beyond the limits and malformed parameters", async () => {
    const illegal = [
      `/assets/${seoImage}?width=5000`,
      `/assets/${seoImage}?height=4001`,
      `/assets/${HUGE_ID}?width=10`,
      `/assets/${UNSIZED_HUGE_ID}?width=10`,
    ];
    for (const url of illegal) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0].extensions.code, url).toBe("ILLEGAL_ASSET_TRANSFORMATION");
    }
    for (const query of [
      "width=0",
      "width=abc",
      "quality=0",
      "quality=101",
      "fit=stretch",
      "format=gif",
      "width=1.5",
    ]) {
      const response = await get(`/assets/${seoImage}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].extensions.code, query).toBe("INVALID_QUERY");
    }
  });

  it("refuses, whatever the fit, a transform whose result would pass 16 megapixels", async () => {
    const refused = [
      // The box is within the caps, but outside covers it: 7314×3840 of a 1200×630 image.
      `/assets/${seoImage}?width=4000&height=4000&fit=outside`,
      ...["cover", "contain", "inside", "outside"].map((fit) => `/assets/${STRIP_ID}?width=4000&fit=${fit}`),
      `/assets/${STRIP_ID}?width=4000&format=webp&quality=10`,
    ];
    for (const url of refused) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      const [error] = response.json().errors;
      expect(error.extensions.code, url).toBe("ILLEGAL_ASSET_TRANSFORMATION");
      expect(error.message, url).toMatch(
        /would be \d+×\d+ pixels; a transform may produce at most 16 megapixels/,
      );
    }
    expect((await get(`/assets/${STRIP_ID}?width=4000`)).json().errors[0].message).toContain("3840×76800");
    // Within the limit every fit works, fill included.
    const allowed: Array<[string, { width: number; height: number }]> = [
      [`/assets/${STRIP_ID}?width=3840&fit=fill`, { width: 3840, height: 1000 }],
      [`/assets/${STRIP_ID}?height=3840&fit=inside`, { width: 192, height: 3840 }],
      [
        `/assets/${STRIP_ID}?width=4000&height=4000&fit=outside&withoutEnlargement=true`,
        { width: 50, height: 1000 },
      ],
      [`/assets/${seoImage}?width=384&height=128&fit=fill`, { width: 384, height: 128 }],
    ];
    for (const [url, expected] of allowed) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(await size(response.rawPayload), url).toMatchObject(expected);
    }
  });

  it("answers 404 for an unknown file or one missing on disk", async () => {
    for (const id of ["8b0e0f7e-0000-4000-8000-000000000000", "not-a-uuid", MISSING_FILE_ID]) {
      const response = await get(`/assets/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        errors: [{ message: "File not found.", extensions: { code: "NOT_FOUND" } }],
      });
    }
  });

  it("resizes deal logos: contained in 150×150, WebP when accepted, else PNG", async () => {
    expect(logoListingId).toBeGreaterThan(0);
    const webp = await get(`/assets/listing-logo/${logoListingId}?width=256&height=256`, "image/webp,*/*");
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(webp.headers.vary).toBe("accept");
    expect(await size(webp.rawPayload)).toEqual({ width: 256, height: 256, format: "webp" });
    const png = await get(`/assets/listing-logo/${logoListingId}`, "*/*");
    expect(await size(png.rawPayload)).toEqual({ width: 150, height: 150, format: "png" });
    expect((await get("/assets/listing-logo/99999999")).statusCode).toBe(404);
    expect((await get("/assets/listing-logo/abc")).statusCode).toBe(400);
    expect((await get(`/assets/listing-logo/${logoListingId}?width=5000`)).statusCode).toBe(400);
  });
});

describe.each(testEngines())("new image renders under load on $name", (engine) => {
  const PER_MINUTE = 12;
  let photo: string;

  const served = serveTestApp(
    engine,
    { ASSET_RENDER_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) },
    { withWebApp: false },
  );
  beforeAll(async () => {
    const home = (await served.core.content.readItems("home_page", { fields: "seo_image" })).data as {
      seo_image: string;
    };
    photo = home.seo_image;
    // Every engine's run starts with nothing rendered (the test storage is shared between them).
    for (const { key } of await listAll(testStorage, `content/cache/${photo}/`))
      await testStorage.delete(key);
  });

  const from = (remoteAddress: string, url: string) =>
    served.app.inject({ url, remoteAddress, headers: { accept: "image/*" } });
  const cachedKeys = async () =>
    new Set((await listAll(testStorage, `content/cache/${photo}/`)).map((o) => o.key));

  it("renders many distinct widths and qualities as a few cached sizes", async () => {
    const before = await cachedKeys();
    const widths = Array.from({ length: 40 }, (_, i) => 1 + i * 10); // 1, 11, …, 391
    const qualities = [61, 62, 63, 64, 65, 66, 67, 68, 69, 70];
    for (const [i, width] of widths.entries()) {
      const response = await from(
        "192.0.2.1",
        `/assets/${photo}?width=${width}&quality=${qualities[i % 10]}`,
      );
      expect(response.statusCode, `width ${width}`).toBe(200);
      expect((await sharp(response.rawPayload).metadata()).width).toBe(assetSizeStep(width));
    }
    const added = [...(await cachedKeys())].filter((key) => !before.has(key));
    // 64, 128, 256, 384 and 512 at quality 70.
    expect(added).toHaveLength(5);
  });

  it("limits new renders per address with 429, while cached sizes and other addresses are still served", async () => {
    const fresh = (n: number) =>
      `/assets/${photo}?width=${ASSET_SIZE_STEPS[n % 8]}&quality=${ASSET_QUALITY_STEPS[Math.floor(n / 8)]}&format=webp`;
    for (let n = 0; n < PER_MINUTE; n++) {
      expect((await from("198.51.100.7", fresh(n))).statusCode, fresh(n)).toBe(200);
    }
    const refused = await from("198.51.100.7", fresh(PER_MINUTE));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].extensions.code).toBe("RATE_LIMITED");
    expect(refused.json().errors[0].message).toMatch(/Too many new image sizes asked from your address/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // What is already rendered is still served to the same address, as many times as asked.
    for (let n = 0; n < 2 * PER_MINUTE; n++) {
      expect((await from("198.51.100.7", fresh(n % PER_MINUTE))).statusCode).toBe(200);
    }
    // The render refused to one address is made for another.
    expect((await from("198.51.100.8", fresh(PER_MINUTE))).statusCode).toBe(200);
  });

  it("does not hold a small render behind another address's burst of large ones", async () => {
    const finished: string[] = [];
    const track = (name: string, request: Promise<{ statusCode: number }>) =>
      request.then((response) => {
        finished.push(name);
        return response.statusCode;
      });
    // Ten distinct 1920×1920 renders from one address (two run at once), then a small one from another.
    const fits = ["cover", "contain"];
    const burst = Array.from({ length: 10 }, (_, i) =>
      track(
        `big${i}`,
        from(
          "203.0.113.9",
          `/assets/${photo}?width=1920&height=1920&fit=${fits[i % 2]}&quality=${ASSET_QUALITY_STEPS[i >> 1]}`,
        ),
      ),
    );
    const small = track("small", from("198.51.100.4", `/assets/${photo}?width=64&quality=50&format=png`));
    expect(await Promise.all([...burst, small])).toEqual(Array(11).fill(200));
    // It takes the first slot that frees: at most the two running and the one after them finish first.
    expect(finished.indexOf("small")).toBeLessThanOrEqual(3);
  });
});

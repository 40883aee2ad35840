import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type Core, createCore } from "../core.ts";
import { type S3StandIn, startS3StandIn } from "../testing/s3-stand-in.ts";
import type { S3Storage } from "./s3-storage.ts";
import { listAll } from "./storage.ts";

/** The admin edits are made as: core checks the acting user itself. */
const staff = { id: 1, isAdmin: true };

/** A whole core configured for S3 (STORAGE_URL and S3_* settings), against the test stand-in server. */
describe("a core with STORAGE_URL=s3://…", () => {
  let standIn: S3StandIn;
  let core: Core;
  let bucket: S3Storage;
  beforeAll(async () => {
    standIn = await startS3StandIn();
    core = await createCore(
      loadConfig({
        DATA_DIR: mkdtempSync(join(tmpdir(), "aea-test-s3-")),
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        STORAGE_URL: `s3://${standIn.bucket}/site-a`,
        S3_ENDPOINT: standIn.endpoint,
        S3_REGION: standIn.region,
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: standIn.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: standIn.credentials.secretAccessKey,
      }),
    );
    bucket = standIn.storage("site-a");
  });
  afterAll(async () => {
    await core.close();
    await standIn.close();
  });

  it("writes the brochures, uploads and transforms into the bucket, and serves them from there", async () => {
    const brochure = await core.media.brochure("buyer-network.pdf");
    expect(brochure?.object.size).toBeGreaterThan(2000);

    const upload = await core.contentEditing.upload(staff, {
      bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#13294b" } })
        .png()
        .toBuffer(),
      filename: "in-the-bucket.png",
    });
    const resized = await core.assets.asset(upload.id, { width: 32, format: "webp" }, undefined);
    expect(resized.file.contentType).toBe("image/webp");

    const keys = (await listAll(bucket, "")).map((object) => object.key);
    expect(keys).toContain("brochures/buyer-network.pdf");
    expect(keys).toContain(`content/${upload.storagePath}`);
    expect(keys).toContain(resized.file.object.key);
    const signed = await core.media.url(`content/${upload.storagePath}`);
    expect(signed.startsWith(`${standIn.endpoint}/${standIn.bucket}/site-a/content/uploads/`)).toBe(true);
    expect((await fetch(signed)).headers.get("content-length")).toBe(String(upload.filesize));
  });
});

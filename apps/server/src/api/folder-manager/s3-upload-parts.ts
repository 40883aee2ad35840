import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Config, s3ClientSettings } from "@aea/core";
import { DeleteObjectsCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { S3Store } from "@tus/s3-store";
import { PostgresUploadLocker } from "./postgres-upload-locker.ts";
import { UPLOAD_PARTS_KEPT_MS, type UploadParts } from "./upload-parts.ts";

/** Unfinished uploads' parts in the bucket, for S3 storage (see upload-parts.ts). */
export function s3UploadParts(
  config: Config,
  storage: Extract<Config["storage"], { driver: "s3" }>,
  urlPath: string,
): UploadParts {
  const directory = join(config.dataDir, "uploads");
  const { bucket, prefix } = storage;
  const client = s3ClientSettings(storage);
  const s3 = new S3Client(client);
  const idPrefix = `${prefix ? `${prefix}/` : ""}uploads-in-progress/`;
  const datastore = new S3Store({
    s3ClientConfig: { bucket, ...client },
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_PARTS_KEPT_MS,
  });
  const locker = config.databaseUrl ? new PostgresUploadLocker(config.databaseUrl) : undefined;
  const local = (id: string) => join(directory, id.slice(idPrefix.length));
  return {
    datastore,
    locker,
    naming: {
      newId: () => idPrefix + randomBytes(16).toString("hex"),
      idFromUrl: (segment) => (/^[0-9a-f]{32}$/.test(segment) ? idPrefix + segment : undefined),
      urlOf: (id) => `${urlPath}/${id.slice(idPrefix.length)}`,
    },
    async finished(id) {
      await mkdir(directory, { recursive: true });
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: id }));
      await pipeline(object.Body as Readable, createWriteStream(local(id)));
      return local(id);
    },
    async discard(id) {
      await rm(local(id), { force: true });
      // A completed multipart upload is an object beside its `.info` (and maybe a `.part`); tus's
      // own remove only aborts uploads still open.
      await datastore.remove(id).catch(() => undefined);
      await s3
        .send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
          }),
        )
        .catch(() => undefined);
    },
    close: async () => {
      s3.destroy();
      await locker?.close();
    },
  };
}

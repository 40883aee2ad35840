import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "@aea/core";
import { DeleteObjectsCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore, Locker } from "@tus/utils";
import { PostgresUploadLocker } from "./postgres-upload-locker.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where the parts of unfinished uploads wait (docs/decisions/034): in a private folder under
 * DATA_DIR for one instance, or — with STORAGE_URL=s3://… — in the bucket (an S3 multipart upload
 * per tus upload, under the storage prefix), which every instance sees, locked across instances
 * through PostgreSQL when DATABASE_URL is set. Either way a finished upload is filed from a local
 * file, which `finished` hands over and `discard` removes with the parts.
 */
export interface UploadParts {
  datastore: DataStore;
  /** Unset: tus's own in-process locker (one instance). */
  locker?: Locker;
  /** Upload ids: the key under the storage prefix for S3, tus's default otherwise. */
  naming?: {
    newId(): string;
    idFromUrl(lastSegment: string): string | undefined;
    urlOf(id: string): string;
  };
  /** A local file holding the whole finished upload. */
  finished(id: string): Promise<string>;
  /** Removes the upload's parts and whatever `finished` made. */
  discard(id: string): Promise<void>;
  close(): Promise<void>;
}

export function uploadParts(config: Config, urlPath: string): UploadParts {
  const directory = join(config.dataDir, "uploads");
  if (config.storage.driver === "local") {
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: DAY_MS });
    return {
      datastore,
      finished: async (id) => join(directory, id),
      discard: (id) => datastore.remove(id).catch(() => undefined),
      close: async () => {},
    };
  }
  const { bucket, prefix, region, endpoint, forcePathStyle, credentials } = config.storage;
  const client = {
    region,
    endpoint,
    forcePathStyle,
    credentials,
    // As the storage driver: only the checksums S3 requires (not every S3-compatible service knows the rest).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  } as const;
  const s3 = new S3Client(client);
  const idPrefix = `${prefix ? `${prefix}/` : ""}uploads-in-progress/`;
  const datastore = new S3Store({
    s3ClientConfig: { bucket, ...client },
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: DAY_MS,
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

import { join } from "node:path";
import type { Config } from "@aea/core";
import { FileStore } from "@tus/file-store";
import type { DataStore, Locker } from "@tus/utils";

/** How long an unfinished upload's parts are kept. */
export const UPLOAD_PARTS_KEPT_MS = 24 * 60 * 60 * 1000;

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

export async function uploadParts(config: Config, urlPath: string): Promise<UploadParts> {
  const directory = join(config.dataDir, "uploads");
  if (config.storage.driver === "local") {
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_PARTS_KEPT_MS });
    return {
      datastore,
      finished: async (id) => join(directory, id),
      discard: (id) => datastore.remove(id).catch(() => undefined),
      close: async () => {},
    };
  }
  // The AWS SDK loads only for S3 storage (decision 037).
  const { s3UploadParts } = await import("./s3-upload-parts.ts");
  return s3UploadParts(config, config.storage, urlPath);
}

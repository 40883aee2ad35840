import type { Config } from "../config.ts";
import { LocalStorage } from "./local-storage.ts";
import { S3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/** The driver the configuration names: local disk by default, S3 when STORAGE_URL=s3://… */
export function openStorage({ storage, publicUrl }: Pick<Config, "storage" | "publicUrl">): Storage {
  return storage.driver === "s3"
    ? new S3Storage(storage)
    : new LocalStorage({ root: storage.root, publicUrl });
}

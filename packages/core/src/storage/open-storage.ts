import type { Config } from "../config.ts";
import { LocalStorage } from "./local-storage.ts";
import type { Storage } from "./storage.ts";

/**
 * The driver the configuration names: local disk by default, S3 when STORAGE_URL=s3://… The AWS SDK
 * loads only for S3 (decision 037): on local disk it would hold some 10 MB of memory for nothing.
 */
export async function openStorage({
  storage,
  publicUrl,
}: Pick<Config, "storage" | "publicUrl">): Promise<Storage> {
  if (storage.driver !== "s3") return new LocalStorage({ root: storage.root, publicUrl });
  const { S3Storage } = await import("./s3-storage.ts");
  return new S3Storage(storage);
}

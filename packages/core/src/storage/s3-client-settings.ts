import type { S3ClientConfig } from "@aws-sdk/client-s3";
import type { StorageConfig } from "../config.ts";

/**
 * The AWS SDK client settings for a bucket, as the storage driver and the upload store both connect.
 * Only the checksums S3 requires: the SDK's newer default (a CRC on every request and response) is not
 * understood by every S3-compatible service. (Types only: importing this loads no SDK.)
 */
export function s3ClientSettings({
  region,
  endpoint,
  forcePathStyle,
  credentials,
}: Pick<Extract<StorageConfig, { driver: "s3" }>, "region" | "forcePathStyle"> & {
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}) {
  return {
    region,
    endpoint,
    forcePathStyle,
    credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  } as const satisfies S3ClientConfig;
}

import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { s3ClientSettings } from "./s3-client-settings.ts";
import {
  type ByteRange,
  checkedKey,
  checkedPrefix,
  DEFAULT_URL_SECONDS,
  type ObjectRead,
  type Storage,
  type StoredObject,
  type UrlOptions,
} from "./storage.ts";

export interface S3StorageOptions {
  bucket: string;
  /** Put before every key (`site-a/`), so several sites can share a bucket; empty for none. */
  prefix: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Objects in an S3-compatible bucket, through the official AWS SDK. */
export class S3Storage implements Storage {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor({ bucket, prefix, region, endpoint, forcePathStyle, credentials }: S3StorageOptions) {
    this.#bucket = bucket;
    this.#prefix = prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix;
    this.#client = new S3Client(s3ClientSettings({ region, endpoint, forcePathStyle, credentials }));
  }

  async put(key: string, bytes: Uint8Array, options: { contentType?: string } = {}): Promise<StoredObject> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#name(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options.contentType ?? "application/octet-stream",
      }),
    );
    const stored = await this.stat(key);
    if (!stored) throw new Error(`S3 lost ${key} right after storing it`);
    return stored;
  }

  async putStream(
    key: string,
    body: Readable,
    options: { contentType?: string } = {},
  ): Promise<StoredObject> {
    // The SDK's multipart upload: parts of 8 MB, at most 2 in flight, so memory stays bounded
    // whatever the size; S3 shows the object only when the upload completes, and aborts it on error.
    const upload = new Upload({
      client: this.#client,
      params: {
        Bucket: this.#bucket,
        Key: this.#name(key),
        Body: body,
        ContentType: options.contentType ?? "application/octet-stream",
      },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    const stored = await this.stat(key);
    if (!stored) throw new Error(`S3 lost ${key} right after storing it`);
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | undefined> {
    const response = await missingAsUndefined(
      this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: this.#name(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    if (!response?.Body) return undefined;
    // A ranged answer gives the whole object's size after the slash of Content-Range.
    const total = response.ContentRange?.match(/\/(\d+)$/)?.[1];
    return {
      object: {
        key,
        size: total ? Number(total) : Number(response.ContentLength ?? 0),
        lastModified: response.LastModified ?? new Date(0),
        etag: response.ETag ?? '""',
      },
      body: response.Body as Readable,
    };
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const response = await missingAsUndefined(
      this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#name(key) })),
    );
    if (!response) return undefined;
    return {
      key,
      size: Number(response.ContentLength ?? 0),
      lastModified: response.LastModified ?? new Date(0),
      etag: response.ETag ?? '""',
    };
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#name(key) }));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#prefix + checkedPrefix(prefix),
          ContinuationToken: token,
        }),
      );
      for (const entry of page.Contents ?? []) {
        if (!entry.Key) continue;
        yield {
          key: entry.Key.slice(this.#prefix.length),
          size: Number(entry.Size ?? 0),
          lastModified: entry.LastModified ?? new Date(0),
          etag: entry.ETag ?? '""',
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async url(
    key: string,
    { expiresInSeconds = DEFAULT_URL_SECONDS, downloadName }: UrlOptions = {},
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.#bucket,
      Key: this.#name(key),
      ResponseContentDisposition: downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`
        : undefined,
    });
    return getSignedUrl(this.#client, command, { expiresIn: expiresInSeconds });
  }

  #name(key: string): string {
    return this.#prefix + checkedKey(key);
  }
}

/** S3 answers a missing key with NoSuchKey (GET) or a bare 404 (HEAD). */
async function missingAsUndefined<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
    throw error;
  }
}

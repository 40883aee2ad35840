/**
 * A STAND-IN for S3, for tests only: no real S3 is reachable from the machines these tests run on.
 * It answers exactly the calls the S3 driver and the tus S3 store make — PutObject, GetObject (with
 * Range), HeadObject, DeleteObject, ListObjectsV2, and the multipart calls (s3-stand-in-multipart.ts)
 * — on path-style URLs (`/bucket/key`), keeps objects in memory, and
 * checks every request's AWS Signature V4 (the Authorization header, or a presigned URL's query with
 * its expiry) and the signed payload hash, so a driver that signs wrongly fails here as it would on S3.
 * Anything else is answered 501.
 */
import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { S3Storage } from "../storage/s3-storage.ts";
import { multipartCalls, type StandInObject } from "./s3-stand-in-multipart.ts";

export interface S3StandIn {
  /** http://127.0.0.1:<port>, for the client's `endpoint` (with forcePathStyle). */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The S3 driver pointed at this stand-in, its keys under `prefix`. */
  storage(prefix?: string): S3Storage;
  close(): Promise<void>;
}

type StoredBytes = StandInObject;

export async function startS3StandIn(
  bucket = "aea-test-bucket",
  { port: wantedPort = 0 }: { port?: number } = {},
): Promise<S3StandIn> {
  const region = "us-east-1";
  const credentials = { accessKeyId: "STANDINKEY", secretAccessKey: "stand-in-secret" };
  const objects = new Map<string, StoredBytes>();
  const multipart = multipartCalls(objects, xmlError);

  const server = createServer(async (request, response) => {
    try {
      const body = await bodyOf(request);
      const url = new URL(request.url ?? "/", "http://stand-in");
      const refusal = signatureProblem(request, url, body, credentials, region);
      if (refusal) return xmlError(response, 403, refusal.code, refusal.message);
      const [, bucketName, ...rest] = url.pathname.split("/");
      if (bucketName !== bucket) return xmlError(response, 404, "NoSuchBucket", "The bucket does not exist");
      const key = rest.map(decodeURIComponent).join("/");
      if (multipart(request, response, bucket, key, url.searchParams, body)) return;
      if (!key && request.method === "GET" && url.searchParams.get("list-type") === "2") {
        return listObjects(response, objects, url.searchParams);
      }
      if (!key) return xmlError(response, 501, "NotImplemented", "Not part of the stand-in");
      switch (request.method) {
        case "PUT": {
          const etag = `"${createHash("md5").update(body).digest("hex")}"`;
          const contentType = String(request.headers["content-type"] ?? "application/octet-stream");
          objects.set(key, {
            bytes: body,
            contentType,
            etag,
            lastModified: new Date(),
            meta: userMetadata(request),
          });
          response.writeHead(200, { etag }).end();
          return;
        }
        case "GET":
        case "HEAD": {
          const object = objects.get(key);
          if (!object) {
            if (request.method === "HEAD") return void response.writeHead(404).end();
            return xmlError(response, 404, "NoSuchKey", "The specified key does not exist.");
          }
          return sendObject(request, response, object, url.searchParams);
        }
        case "DELETE":
          objects.delete(key);
          response.writeHead(204).end();
          return;
        default:
          return xmlError(response, 501, "NotImplemented", "Not part of the stand-in");
      }
    } catch (error) {
      xmlError(response, 500, "InternalError", String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(wantedPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region,
    credentials,
    storage: (prefix = "") =>
      new S3Storage({ bucket, prefix, region, endpoint, forcePathStyle: true, credentials }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function sendObject(
  request: IncomingMessage,
  response: ServerResponse,
  object: StoredBytes,
  query: URLSearchParams,
): void {
  const size = object.bytes.length;
  const headers: Record<string, string | number> = {
    "content-type": object.contentType,
    etag: object.etag,
    "last-modified": object.lastModified.toUTCString(),
    "accept-ranges": "bytes",
    ...object.meta,
  };
  const disposition = query.get("response-content-disposition");
  if (disposition) headers["content-disposition"] = disposition;
  const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ""));
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
    if (start >= size) {
      xmlError(response, 416, "InvalidRange", "The requested range is not satisfiable");
      return;
    }
    const slice = object.bytes.subarray(start, end + 1);
    response.writeHead(206, {
      ...headers,
      "content-range": `bytes ${start}-${end}/${size}`,
      "content-length": slice.length,
    });
    response.end(request.method === "HEAD" ? undefined : slice);
    return;
  }
  response.writeHead(200, { ...headers, "content-length": size });
  response.end(request.method === "HEAD" ? undefined : object.bytes);
}

function listObjects(
  response: ServerResponse,
  objects: Map<string, StoredBytes>,
  query: URLSearchParams,
): void {
  const prefix = query.get("prefix") ?? "";
  const maxKeys = Number(query.get("max-keys") ?? 1000);
  const after = query.get("continuation-token") ?? "";
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(key) as StoredBytes;
      return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join("");
  const next = truncated
    ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? "")}</NextContinuationToken>`
    : "";
  response.writeHead(200, { "content-type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
  );
}

/** What is wrong with the request's Signature V4, or undefined when it holds. */
function signatureProblem(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  credentials: S3StandIn["credentials"],
  region: string,
): { code: string; message: string } | undefined {
  const header = String(request.headers.authorization ?? "");
  const presigned = url.searchParams.get("X-Amz-Algorithm") === "AWS4-HMAC-SHA256";
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let amzDate: string;
  let payloadHash: string;
  if (presigned) {
    credential = url.searchParams.get("X-Amz-Credential") ?? "";
    signedHeaders = url.searchParams.get("X-Amz-SignedHeaders") ?? "";
    signature = url.searchParams.get("X-Amz-Signature") ?? "";
    amzDate = url.searchParams.get("X-Amz-Date") ?? "";
    payloadHash = "UNSIGNED-PAYLOAD";
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    if (Date.now() > amzTime(amzDate) + expires * 1000) {
      return { code: "AccessDenied", message: "Request has expired" };
    }
  } else {
    const parts =
      /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(header);
    if (!parts) return { code: "AccessDenied", message: "No AWS Signature V4" };
    [, credential, signedHeaders, signature] = parts;
    amzDate = String(request.headers["x-amz-date"] ?? "");
    payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) {
      return { code: "XAmzContentSHA256Mismatch", message: "The payload hash does not match" };
    }
  }
  const [accessKeyId, date, credentialRegion, service] = credential.split("/");
  if (accessKeyId !== credentials.accessKeyId) {
    return { code: "InvalidAccessKeyId", message: "Unknown access key" };
  }
  const query = [...url.searchParams]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headers = signedHeaders
    .split(";")
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join("\n");
  const scope = `${date}/${credentialRegion}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, date);
  for (const part of [region, "s3", "aws4_request"]) key = hmac(key, part);
  if (hmac(key, toSign).toString("hex") !== signature) {
    return { code: "SignatureDoesNotMatch", message: "The request signature does not match" };
  }
  return undefined;
}

function amzTime(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : 0;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The object's own metadata (`x-amz-meta-*` headers), kept and answered as sent. */
function userMetadata(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.startsWith("x-amz-meta-"))
      .map(([name, value]) => [name, String(value)]),
  );
}

function xmlError(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`,
  );
}

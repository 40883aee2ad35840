/**
 * The S3 stand-in's multipart calls (tests only): what the tus S3 store and the SDK's multipart
 * upload send — CreateMultipartUpload, UploadPart, ListParts, CompleteMultipartUpload,
 * AbortMultipartUpload, ListMultipartUploads — and DeleteObjects. Parts are kept in memory; an
 * object appears only when its upload completes, as on S3.
 */
import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface StandInObject {
  bytes: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** `x-amz-meta-*` headers as sent. */
  meta?: Record<string, string>;
}

interface Part {
  bytes: Buffer;
  etag: string;
  lastModified: Date;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  initiated: Date;
  parts: Map<number, Part>;
}

type XmlError = (response: ServerResponse, status: number, code: string, message: string) => void;

const md5 = (data: Buffer) => createHash("md5").update(data).digest("hex");
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const xml = (response: ServerResponse, body: string) => {
  response.writeHead(200, { "content-type": "application/xml" });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
};

/** Answers a multipart or batch-delete call, or returns false when the request is none of them. */
export function multipartCalls(objects: Map<string, StandInObject>, xmlError: XmlError) {
  const uploads = new Map<string, MultipartUpload>();
  return (
    request: IncomingMessage,
    response: ServerResponse,
    bucket: string,
    key: string,
    query: URLSearchParams,
    body: Buffer,
  ): boolean => {
    const method = request.method;
    if (!key) {
      if (method === "POST" && query.has("delete")) {
        const keys = [...body.toString("utf8").matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
          unescapeXml(m[1]),
        );
        for (const name of keys) objects.delete(name);
        xml(
          response,
          `<DeleteResult>${keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join("")}</DeleteResult>`,
        );
        return true;
      }
      if (method === "GET" && query.has("uploads")) {
        const listed = [...uploads]
          .map(
            ([id, upload]) =>
              `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join("");
        xml(
          response,
          `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${listed}</ListMultipartUploadsResult>`,
        );
        return true;
      }
      return false;
    }
    if (method === "POST" && query.has("uploads")) {
      const id = randomUUID();
      const contentType = String(request.headers["content-type"] ?? "application/octet-stream");
      uploads.set(id, { key, contentType, initiated: new Date(), parts: new Map() });
      xml(
        response,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return true;
    }
    const uploadId = query.get("uploadId");
    if (uploadId === null) return false;
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      xmlError(response, 404, "NoSuchUpload", "The specified upload does not exist.");
      return true;
    }
    switch (method) {
      case "PUT": {
        const partNumber = Number(query.get("partNumber"));
        const etag = `"${md5(body)}"`;
        upload.parts.set(partNumber, { bytes: body, etag, lastModified: new Date() });
        response.writeHead(200, { etag }).end();
        return true;
      }
      case "GET": {
        const parts = [...upload.parts]
          .sort(([a], [b]) => a - b)
          .map(
            ([n, part]) =>
              `<Part><PartNumber>${n}</PartNumber><ETag>${escapeXml(part.etag)}</ETag><Size>${part.bytes.length}</Size><LastModified>${part.lastModified.toISOString()}</LastModified></Part>`,
          )
          .join("");
        xml(
          response,
          `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
        );
        return true;
      }
      case "POST": {
        const listed = [
          ...body
            .toString("utf8")
            .matchAll(
              /<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>|<ETag>([^<]*)<\/ETag>\s*<PartNumber>(\d+)<\/PartNumber>/g,
            ),
        ].map((m) => ({ number: Number(m[1] ?? m[4]), etag: unescapeXml(m[2] ?? m[3]) }));
        const chosen: Part[] = [];
        for (const { number, etag } of listed) {
          const part = upload.parts.get(number);
          if (!part || part.etag !== etag) {
            xmlError(response, 400, "InvalidPart", `Part ${number} is missing or has another ETag`);
            return true;
          }
          chosen.push(part);
        }
        const bytes = Buffer.concat(chosen.map((part) => part.bytes));
        const digest = md5(Buffer.concat(chosen.map((part) => Buffer.from(part.etag.slice(1, -1), "hex"))));
        const etag = `"${digest}-${chosen.length}"`;
        objects.set(key, { bytes, contentType: upload.contentType, etag, lastModified: new Date() });
        uploads.delete(uploadId);
        xml(
          response,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
        return true;
      }
      case "DELETE":
        uploads.delete(uploadId);
        response.writeHead(204).end();
        return true;
      default:
        return false;
    }
  };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

import type { Readable } from "node:stream";
import { type AppError, fail } from "@aea/domain";

/** The most a page form may send, as much as the API accepts as JSON (Fastify's default bodyLimit). */
export const PAGE_BODY_LIMIT_BYTES = 1024 * 1024;

export function bodyTooLarge(limitBytes: number, what: "form" | "request"): AppError {
  const megabytes = Math.round((limitBytes / 1024 / 1024) * 10) / 10;
  return fail("BODY_TOO_LARGE", `This ${what} is too large to send (limit ${megabytes} MB).`);
}

/**
 * Reads a request body into memory, never more than `limitBytes`: a larger Content-Length is refused
 * before a byte is read, and a chunked body is counted as it arrives and refused once it passes the
 * limit (the rest is left unread; the connection is closed after the 413). The action then gets the
 * whole body at once, so no action ever starts on a body that turns out too large.
 */
export function readLimitedBody(
  payload: Readable,
  contentLength: string | undefined,
  limitBytes: number,
): Promise<Buffer> {
  const declared = Number(contentLength);
  if (declared > limitBytes) return Promise.reject(bodyTooLarge(limitBytes, "form"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off("data", onData);
      payload.off("end", onEnd);
      payload.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        stop();
        payload.pause();
        reject(bodyTooLarge(limitBytes, "form"));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      if (!Number.isNaN(declared) && received !== declared) {
        reject(fail("BAD_REQUEST", "The request body does not match its Content-Length."));
        return;
      }
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(fail("BAD_REQUEST", `The request body could not be read: ${error.message}`));
    };
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.resume();
  });
}

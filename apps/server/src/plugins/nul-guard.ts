import { fail } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Enough for any form or payload of the site; a body with more values is walked no further. */
const MAX_VALUES_WALKED = 100_000;

/**
 * Refuses a NUL character in the query, a JSON body or a page form (url-encoded) with a 400. PostgreSQL cannot store NUL in text
 * and answered such a request (a login, a search) with a 500, while SQLite stored it; no form of the
 * site has a use for it, so both engines now refuse it alike, before anything is looked up or stored.
 */
async function nulGuard(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    const nul =
      /%00/i.test(request.url) ||
      (Buffer.isBuffer(request.body)
        ? formContainsNul(request.body, request.headers["content-type"])
        : containsNul(request.body));
    if (!nul) return done();
    done(fail("INVALID_TEXT", "Text must not contain NUL characters."));
  });
}

/**
 * A page form's body as read for its action (a Buffer): url-encoded forms carry NUL as `%00`. Multipart
 * bodies are left alone: a file in them may hold NUL bytes, and the site's public forms are url-encoded.
 */
function formContainsNul(body: Buffer, contentType: string | undefined): boolean {
  if (!contentType?.startsWith("application/x-www-form-urlencoded") && !contentType?.startsWith("text/plain"))
    return false;
  return body.includes(0) || /%00/i.test(body.toString("latin1"));
}

/** Walks strings, arrays and objects without recursion: a body may be nested thousands of levels deep. */
function containsNul(body: unknown): boolean {
  const pending: unknown[] = [body];
  for (let walked = 0; pending.length > 0 && walked < MAX_VALUES_WALKED; walked++) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
    } else if (value && typeof value === "object" && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export default fp(nulGuard, { name: "nul-guard" });

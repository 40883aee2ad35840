import {
  fail,
  isAppError,
  notFound,
  REQUEST_REFUSALS,
  SERVER_ERROR,
  SERVICE_UNAVAILABLE_TITLE,
} from "@aea/domain";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { bodyTooLarge } from "../http/body-limit.ts";

export const RETRY_AFTER_SECONDS = 10;

/** A browser asking for a page (the API and the content API answer JSON). */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.toLowerCase();
  return (
    !path.startsWith("/api/") &&
    !path.startsWith("/items") &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

/** The whole page a browser gets when the site cannot serve pages at all for a moment. */
function unavailablePage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${SERVICE_UNAVAILABLE_TITLE}</title></head><body><main><h1>${SERVICE_UNAVAILABLE_TITLE}</h1><p>${message}</p><p><a href="">Try again</a></p></main></body></html>`;
}

/** One error handler for every door: `{ message, code }` bodies, never a stack trace. */
async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
      const invalid = fail(
        "VALIDATION",
        field ? `${field}: ${first.message}` : (first?.message ?? "Invalid request"),
      );
      return reply.code(invalid.status).send({
        message: invalid.message,
        code: invalid.code,
        issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      const tooLarge = bodyTooLarge(request.routeOptions.bodyLimit, "request");
      return reply.code(413).send({ message: tooLarge.message, code: tooLarge.code });
    }
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      // A service we depend on is away (the database, the shared limits): clients may come back soon.
      if (error.status === 503) {
        reply.header("retry-after", String(RETRY_AFTER_SECONDS));
        // Before any page could render (the visitor's session could not be read): a plain page, not JSON.
        if (wantsPage(request))
          return reply.code(503).type("text/html; charset=utf-8").send(unavailablePage(error.message));
      }
      return reply.code(error.status).send({ message: error.message, code: error.code });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      const fault = fail("SERVER_ERROR", SERVER_ERROR);
      return reply.code(fault.status).send({ message: fault.message, code: fault.code });
    }
    // Anything else refused is the framework's or a plugin's (FST_ERR_…, a JSON SyntaxError): the
    // API's own code and words for its status, so no framework internals reach the client.
    return reply.code(status).send(REQUEST_REFUSALS[status] ?? REQUEST_REFUSALS[400]);
  });

  // Unknown API paths answer JSON; every other path belongs to the web app (and its 404 page).
  app.all("/api/*", { config: { access: "anyone" }, schema: { hide: true } }, async (request) => {
    throw notFound(`No API route ${request.method} ${request.url.split("?")[0]}`);
  });
}

export default fp(errors, { name: "errors" });

import { isAppError } from "@aea/domain";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** The error body Directus answers with, which clients of the content API parse. */
export function directusErrorBody(message: string, code: string) {
  return { errors: [{ message, extensions: { code } }] };
}

/**
 * The error handler of the content doors (set inside their plugins, so it replaces the API's
 * `{ message, code }` handler for these routes only). Anything unexpected is logged and answered
 * 500 without detail; everything a client can cause is a 4xx.
 */
export function directusErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    if (error.status >= 500) request.log.error({ err: error }, "content request failed");
    return reply.code(error.status).send(directusErrorBody(error.message, error.code));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
    const message = field ? `Invalid query parameter "${field}": ${first.message}` : "Invalid query.";
    return reply.code(400).send(directusErrorBody(message, "INVALID_QUERY"));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send(directusErrorBody(error.message, "INVALID_QUERY"));
  }
  request.log.error({ err: error }, "content request failed");
  return reply.code(500).send(directusErrorBody("An unexpected error occurred.", "INTERNAL_SERVER_ERROR"));
}

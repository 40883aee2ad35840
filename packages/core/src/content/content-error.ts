import { AppError } from "@aea/domain";

/**
 * The failures the content service reports on purpose: AppErrors with the HTTP status and the
 * Directus error code its doors answer with (`{ errors: [{ message, extensions: { code } }] }`).
 */
export const ContentError = {
  /** A malformed or unsupported query: bad JSON, unknown field or operator, a value of the wrong type. */
  invalidQuery(message: string): AppError {
    return new AppError(400, message, "INVALID_QUERY");
  },

  /**
   * An unknown collection or item. Directus answers both with 403 so that a visitor cannot tell what
   * exists from what they may not see; clients written for it expect exactly this.
   */
  forbidden(): AppError {
    return new AppError(403, "You don't have permission to access this.", "FORBIDDEN");
  },

  fileNotFound(): AppError {
    return new AppError(404, "File not found.", "NOT_FOUND");
  },

  /** A transform beyond the limits that keep one request from exhausting the machine. */
  illegalTransformation(message: string): AppError {
    return new AppError(400, message, "ILLEGAL_ASSET_TRANSFORMATION");
  },

  /** New transforms (not yet cached) asked by one address beyond its limit per minute. */
  rendersLimited(retryAfterSeconds: number): AppError {
    return new AppError(
      429,
      `Too many new image sizes asked from your address. Please wait ${retryAfterSeconds} seconds and try again.`,
      "RATE_LIMITED",
    );
  },

  transformsBusy(): AppError {
    return new AppError(503, "Too many image transformations at once; retry shortly.", "SERVICE_UNAVAILABLE");
  },
};

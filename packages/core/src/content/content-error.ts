/**
 * The failures the content service reports on purpose, each with the HTTP status and the Directus
 * error code its doors answer with (`{ errors: [{ message, extensions: { code } }] }`).
 */
export class ContentError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  /** A malformed or unsupported query: bad JSON, unknown field or operator, a value of the wrong type. */
  static invalidQuery(message: string): ContentError {
    return new ContentError(400, "INVALID_QUERY", message);
  }

  /**
   * An unknown collection or item. Directus answers both with 403 so that a visitor cannot tell what
   * exists from what they may not see; clients written for it expect exactly this.
   */
  static forbidden(): ContentError {
    return new ContentError(403, "FORBIDDEN", "You don't have permission to access this.");
  }

  static fileNotFound(): ContentError {
    return new ContentError(404, "NOT_FOUND", "File not found.");
  }

  /** A transform beyond the limits that keep one request from exhausting the machine. */
  static illegalTransformation(message: string): ContentError {
    return new ContentError(400, "ILLEGAL_ASSET_TRANSFORMATION", message);
  }

  static transformsBusy(): ContentError {
    return new ContentError(
      503,
      "SERVICE_UNAVAILABLE",
      "Too many image transformations at once; retry shortly.",
    );
  }
}

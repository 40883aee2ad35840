/**
 * The one error type the product raises on purpose, in core and in the server alike: an HTTP status,
 * a stable code clients may test, and a message fit for the user (API replies `{ message, code }`;
 * the content doors answer Directus's shape from the same three). Anything else that is thrown is a
 * fault, answered with a generic 500 and logged.
 */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: number;
  readonly code: string;

  /** `cause`: the fault behind it, for the log (never sent to the client). */
  constructor(status: number, message: string, code = "ERROR", cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
  }
}

/**
 * True for an AppError, also one made by another copy of this module (the web build bundles its own
 * copy of domain, while core's errors come from the server's), so it checks the name, not the class.
 */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof Error &&
    error.name === "AppError" &&
    typeof (error as AppError).status === "number" &&
    typeof (error as AppError).code === "string"
  );
}

import { LOGIN_TO_ACCESS, NOT_AUTHORIZED } from "./messages.ts";

/**
 * Every failure the product reports on purpose, by one internal name: its HTTP status, and the code
 * clients see when it differs from the name (the spec's "1001", and one code answered with two
 * statuses). Clients test these codes, so a wire code never changes; a new failure is added here.
 */
const FAILURES = {
  // 400: the request cannot be acted on as sent
  BAD_REQUEST: { status: 400 },
  VALIDATION: { status: 400 },
  INVALID_TEXT: { status: 400 },
  INVALID_QUERY: { status: 400 },
  INVALID_MOVE: { status: 400 },
  INVALID_ORDER: { status: 400 },
  CANNOT_MOVE: { status: 400 },
  NOT_SIMILAR: { status: 400 },
  ILLEGAL_ASSET_TRANSFORMATION: { status: 400 },
  NO_FILE: { status: 400 },
  NOT_AN_IMAGE: { status: 400 },
  /** An image whose width times height is over the limit (bytes over it are IMAGE_TOO_LARGE). */
  IMAGE_TOO_MANY_PIXELS: { status: 400, code: "IMAGE_TOO_LARGE" },
  UPLOAD_REJECTED: { status: 400 },
  PUSH_SERVICE_UNKNOWN: { status: 400 },
  REFUSED: { status: 400 },
  DEAL_SOLD: { status: 400 },
  NO_DATA_ROOM: { status: 400 },
  INCORRECT_CODE: { status: 400 },
  BAD_SIGNATURE: { status: 400 },
  // 401: who is asking is not known
  /** Spec §8: a client answered "1001" logs the user out. */
  LOGIN_REQUIRED: { status: 401, code: "1001" },
  UNAUTHENTICATED: { status: 401 },
  LOGIN_EXPIRED: { status: 401 },
  // 403: known, but not allowed
  FORBIDDEN: { status: 403 },
  IMPERSONATING: { status: 403 },
  CSRF: { status: 403 },
  MFA_ENROLMENT_REQUIRED: { status: 403 },
  SECOND_FACTOR_REQUIRED: { status: 403 },
  REAUTHENTICATE: { status: 403 },
  INCORRECT_PASSWORD: { status: 403 },
  // 404
  NOT_FOUND: { status: 404 },
  DEAL_NOT_FOUND: { status: 404 },
  // 409: the state forbids it now
  LISTING_EXISTS: { status: 409 },
  LISTING_CHANGED: { status: 409 },
  STALE_ORDER: { status: 409 },
  NAME_TAKEN: { status: 409 },
  DEAL_NOT_ANNOUNCEABLE: { status: 409 },
  ALREADY_GRANTED: { status: 409 },
  EMAIL_TAKEN: { status: 409 },
  ALREADY_SIGNED: { status: 409 },
  QUESTIONS_CLOSED: { status: 409 },
  QUESTION_LIMIT_REACHED: { status: 409 },
  QUESTION_ALREADY_ANSWERED: { status: 409 },
  BIDS_NOT_OPEN: { status: 409 },
  BIDS_CLOSED: { status: 409 },
  BID_ROUND_RUNNING: { status: 409 },
  BID_REVISED_AT_ONCE: { status: 409 },
  /** A sealed round's bids before its deadline: nobody reads them, staff included (issue 23). */
  BIDS_SEALED: { status: 403 },
  ALREADY_SET_UP: { status: 409 },
  NO_SECOND_FACTOR: { status: 409 },
  NO_PASSKEY: { status: 409 },
  PASSKEYS_UNAVAILABLE: { status: 409 },
  ALREADY_SAVED: { status: 409 },
  SAVED_AT_ONCE: { status: 409 },
  // 413, 422, 429
  BODY_TOO_LARGE: { status: 413 },
  IMAGE_TOO_LARGE: { status: 413 },
  QUOTA_FULL: { status: 413 },
  NOT_STAMPABLE: { status: 422 },
  RATE_LIMITED: { status: 429 },
  TOO_MANY_UPLOADS: { status: 429 },
  ACCESS_CODE_BRAKED: { status: 429 },
  ACCESS_CODE_LOCKED: { status: 429 },
  ACCOUNT_LOCKED: { status: 429 },
  // 5xx: ours, or a service we depend on
  /** A fault (anything thrown that is not an AppError): the generic answer, the fault only in the log. */
  SERVER_ERROR: { status: 500 },
  MAIL_FAILED: { status: 500 },
  PUSH_NOT_CONFIGURED: { status: 503 },
  SERVICE_UNAVAILABLE: { status: 503 },
} as const satisfies Record<string, { status: number; code?: string }>;

/** The internal name of a failure (see FAILURES); `fail` turns it into the status and code clients see. */
export type Failure = keyof typeof FAILURES;

/**
 * The one error type the product raises on purpose, in core and in the server alike: an HTTP status,
 * a stable code clients may test, and a message fit for the user (API replies `{ message, code }`;
 * the content doors answer Directus's shape from the same three). Anything else that is thrown is a
 * fault, answered with a generic 500 and logged. Made by `fail` (or its shorthands), never by hand.
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

/** The failure `failure`, with words for the user; throw it (failures are thrown, never returned). */
export function fail(failure: Failure, message: string, cause?: unknown): AppError {
  const entry: { status: number; code?: string } = FAILURES[failure];
  return new AppError(entry.status, message, entry.code ?? failure, cause);
}

/** Something that does not exist, or that this user may not know exists. */
export function notFound(message = "Not found"): AppError {
  return fail("NOT_FOUND", message);
}

/** A signed-in user without the right to do this (spec §6's words unless a page has its own). */
export function forbidden(message = NOT_AUTHORIZED): AppError {
  return fail("FORBIDDEN", message);
}

/** Nobody is signed in (or the session ended): the spec's "1001", on which clients log out. */
export function loginRequired(message = LOGIN_TO_ACCESS): AppError {
  return fail("LOGIN_REQUIRED", message);
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

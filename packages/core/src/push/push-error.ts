import { PUSH_NOT_CONFIGURED } from "@aea/domain";

/** The failures the push service reports on purpose, each with the HTTP status its doors answer. */
export class PushError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    // Named, so callers that may only import the type (the web app) can recognise it.
    this.name = "PushError";
    this.status = status;
    this.code = code;
  }

  /** No VAPID keys configured: push notifications are off on this server. */
  static notConfigured(): PushError {
    return new PushError(503, "PUSH_NOT_CONFIGURED", PUSH_NOT_CONFIGURED);
  }

  static unknownPushService(): PushError {
    return new PushError(
      400,
      "PUSH_SERVICE_UNKNOWN",
      "endpoint must be the URL of a browser's push service (Chrome, Firefox, Edge or Safari).",
    );
  }

  static dealNotFound(listingId: number): PushError {
    return new PushError(404, "DEAL_NOT_FOUND", `There is no deal ${listingId}.`);
  }

  static dealNotAnnounceable(listingId: number): PushError {
    return new PushError(
      409,
      "DEAL_NOT_ANNOUNCEABLE",
      `Deal ${listingId} is private, a research study, or no longer on the market, so it cannot be announced.`,
    );
  }
}

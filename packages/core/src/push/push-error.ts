import { AppError, PUSH_NOT_CONFIGURED } from "@aea/domain";

/** The failures the push service reports on purpose: AppErrors with the HTTP status its doors answer. */
export const PushError = {
  /** No VAPID keys configured: push notifications are off on this server. */
  notConfigured(): AppError {
    return new AppError(503, PUSH_NOT_CONFIGURED, "PUSH_NOT_CONFIGURED");
  },

  unknownPushService(): AppError {
    return new AppError(
      400,
      "endpoint must be the URL of a browser's push service (Chrome, Firefox, Edge or Safari).",
      "PUSH_SERVICE_UNKNOWN",
    );
  },

  dealNotFound(listingId: number): AppError {
    return new AppError(404, `There is no deal ${listingId}.`, "DEAL_NOT_FOUND");
  },

  dealNotAnnounceable(listingId: number): AppError {
    return new AppError(
      409,
      `Deal ${listingId} is private, a research study, or no longer on the market, so it cannot be announced.`,
      "DEAL_NOT_ANNOUNCEABLE",
    );
  },
};

/** The push-notification offer's words (the browser card, its tests and the staff page). */

export const PUSH_OFFER_HEADING = "Get new deals first";
export const PUSH_OFFER_TEXT =
  "Allow notifications and this browser will tell you as soon as a new deal comes on the market.";
export const PUSH_OFFER_ACCEPT = "Notify me";
export const PUSH_OFFER_DISMISS = "Not now";
export const PUSH_SUBSCRIBED = "You will be notified about new deals.";
export const PUSH_BLOCKED =
  "Notifications are blocked for this site. You can allow them in your browser's site settings.";
export const PUSH_FAILED = "We could not turn on notifications. Please try again later.";
export const PUSH_NOT_CONFIGURED = "Push notifications are not configured on this server.";

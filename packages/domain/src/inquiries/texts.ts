/**
 * Texts of the contact, seller and chat screens that the spec leaves to us. The spec's own success and
 * failure texts (§8) are in ../messages.ts (CONTACT_SENT, CONTACT_FAILED, SELLER_INQUIRY_SENT, …).
 */

export const CONTACT_SENT_TITLE = "Message sent";
export const CONTACT_FAILED_TITLE = "Message not sent";
/** The seller success dialog names the firm (§8: "the firm's short name appears"). */
export function sellerThankYouTitle(firmShortName: string): string {
  return `Thank you for contacting ${firmShortName}`;
}
export const SELLER_FAILED_TITLE = "Inquiry not sent";

export const CHAT_BUTTON_LABEL = "Chat with us";
export const CHAT_WELCOME =
  "Hi there! Questions about a deal, or thinking of selling? Send us a message and our team will reply by email.";
/** The welcome bubble's text on phones, where the full one would cover the page. */
export const CHAT_WELCOME_SHORT = "Questions? Send us a message.";
export function chatSent(name: string): string {
  return `Thanks, ${name}. Your message is on its way; someone from our team will reply by email shortly.`;
}
export const CHAT_FAILED = "Your message could not be sent. Please try again in a moment.";

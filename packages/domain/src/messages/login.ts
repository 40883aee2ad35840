// Login (§2, §5, §8)
export const ADMIN_LOGIN_MESSAGE = "Please login to administer users and passwords.";
export const HERE_BY_MISTAKE = "Here By Mistake";
/** The login modal's message when a deal's data-room box asks an anonymous visitor to log in. */
export function dataRoomLoginMessage(dealHeader: string): string {
  return `Please login to enter the data room of ${dealHeader}.`;
}
export const EMAIL_REQUIRED = "Email is Required";
export const PASSWORD_REQUIRED = "Password is Required";
export const INCORRECT_PASSWORD = "Incorrect password.";
/** Login with an email the site does not know, e.g. "Email is not associated with Acme". */
export function emailNotAssociated(shortName: string): string {
  return `Email is not associated with ${shortName}`;
}
/** The server's answer to a login whose email is not verified yet (§7). */
export const NOT_VERIFIED = "Not verified";
export const EMAIL_VERIFICATION_REQUIRED_TITLE = "Email Verification Required";
export const EMAIL_VERIFICATION_REQUIRED =
  "Your email has not been verified. Would you like to resend the verification email?";
export const VERIFICATION_EMAIL_SENT_TITLE = "Verification Email Sent";
/** The older flow's answer to an account whose password staff marked for reset (isValidPassword not Y). */
export const RESET_PASSWORD_TITLE = "Reset Password";
export const RESET_PASSWORD_REQUIRED = "You have to reset your password";
export function verificationEmailSent(email: string): string {
  return `An email has been sent to ${email}. Please click the link in the email to login.`;
}
/** The dialog that carries a refused login's message, unless it is a wrong password or email (§8). */
export const LOGIN_FAILED_TITLE = "Login Failed";
/** Beyond the spec: the shared store of request limits (Redis) does not answer, so nothing is let through unlimited. */
export const LIMITS_UNAVAILABLE =
  "The site cannot check its request limits right now, so it is not taking this request. Please try again in a minute.";
/**
 * Requests refused before any route runs (the framework's own checks), by HTTP status: the API's codes
 * and words, never the framework's `FST_ERR_…` codes or messages (issue 20 item 15).
 */
export const REQUEST_REFUSALS: Readonly<Record<number, { code: string; message: string }>> = {
  400: { code: "BAD_REQUEST", message: "The request could not be read: check its body and its address." },
  404: { code: "NOT_FOUND", message: "Nothing is here." },
  405: { code: "METHOD_NOT_ALLOWED", message: "This address does not take that method." },
  413: { code: "BODY_TOO_LARGE", message: "This request is too large to send." },
  414: { code: "URI_TOO_LONG", message: "This address is too long." },
  415: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "This content type is not accepted here: send JSON (application/json).",
  },
};

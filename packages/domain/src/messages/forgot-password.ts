// Forgot password (§2, §8)
export const FORGOT_PASSWORD_HEADING = "Having trouble logging in?";
export const FORGOT_PASSWORD_PROMPT = "Enter your email address to get started.";
export const SUBMIT = "Submit";
export const SUBMITTED = "Submitted";
export const EMAIL_DOES_NOT_EXIST = "The email you entered does not exist. Please try again.";
/** The panel closes on success (§4) and says where the mail went, in the words of §8's sent mails. */
export const RESET_EMAIL_SENT_TITLE = "Email Sent";
export function resetEmailSent(email: string): string {
  return `An email has been sent to ${email}. Please click the link in the email to reset your password.`;
}

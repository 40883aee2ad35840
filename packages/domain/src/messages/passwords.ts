// Passwords (§5, §8)
export const PASSWORD_RULE = "Your password must contain at least 6 characters with no less than one number.";
export const PASSWORDS_DIFFERENT = "The confirmed password is different than the original password.";
export const PASSWORD_POPOVER_LENGTH = "6 or more characters";
export const PASSWORD_POPOVER_NUMBER = "At least one number";
export const PASSWORD_UPDATE_FAILED = "An error occurred when trying update your password";
/** The spec asks the user to email the support address; its exact wording is not given. */
export function passwordUpdateFailedHelp(supportEmail: string): string {
  return `Please email ${supportEmail} for assistance.`;
}
export const PASSWORD_UPDATED = "An email has been sent with confirmation of your password change.";
/** UpdatePassword given the new password both in its body and in the spec's query: which one is meant? */
export const NEW_PASSWORD_TWICE =
  "Send the new password once: as password in the JSON body, or (for older clients) in the query.";

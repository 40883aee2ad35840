// Sensitive account changes (password, email): a fresh login or the current password (issue 11)
export const REAUTHENTICATE = "Please enter your current password to make this change.";
export const CURRENT_PASSWORD = "Current password";
export const ACCOUNT_LOCKED = "Too many failed logins. This account is locked for 10 minutes.";
/** After ChangeEmail: nothing changes until the link mailed to the new address is followed. */
export function emailChangeLinkSent(newEmail: string): string {
  return `We sent a link to ${newEmail}. Your email changes when you follow it (within 48 hours).`;
}
export const EMAIL_CHANGED = "Your email has been changed. Use the new address to log in from now on.";
export const EMAIL_CHANGE_TAKEN =
  "That email address now belongs to another account, so your email was not changed.";
/**
 * Opening a mailed /verify-user link only asks: a mail scanner that follows every link must not verify
 * an address or move an account, so the change waits for the visitor's button (issue 20 item 12).
 */
export const MAILED_LINK_TEXTS = {
  verifyTitle: "Verify your email",
  verifyPrompt: "Confirm that this address is yours to finish setting up your account.",
  verifyButton: "Verify my email",
  changeTitle: "Confirm your new email",
  changePrompt: "Your account's email will change to this address:",
  changeButton: "Change my email",
} as const;

import { LOGIN_TO_ACCESS, NOT_AUTHORIZED } from "@aea/domain";

/**
 * Messages a redirect can carry to the next page (`?notice=key`), shown once as a snackbar. Only
 * these keys are accepted, so a link cannot put arbitrary text on the page.
 */
export const NOTICES = {
  "login-required": LOGIN_TO_ACCESS,
  "not-authorized": NOT_AUTHORIZED,
  "logged-out": "You have been logged out.",
  "session-ended": "Your session has ended. Please log in again.",
  "email-verified": "Your email is verified. You can log in now.",
  "password-reset": "Your password has been reset. Log in with the new password.",
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function noticeText(key: string | null): string | undefined {
  return key && key in NOTICES ? NOTICES[key as NoticeKey] : undefined;
}

export function withNotice(path: string, key: NoticeKey): string {
  return `${path}${path.includes("?") ? "&" : "?"}notice=${key}`;
}

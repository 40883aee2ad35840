import { ACCOUNT_DISABLED, ACCOUNT_LOCKED, emailNotAssociated, INCORRECT_PASSWORD } from "../messages.ts";

/** Why a login with a well-formed email and password was refused (the account service's statuses). */
export type LoginRefusalStatus = "incorrect-password" | "unknown-email" | "locked" | "disabled";

export interface LoginRefusal {
  /** The HTTP status both doors answer with. */
  httpStatus: 401 | 403 | 429;
  /** The API's machine-readable code. */
  code: "INCORRECT_PASSWORD" | "UNKNOWN_EMAIL" | "ACCOUNT_LOCKED" | "ACCOUNT_DISABLED";
  /** The spec's words for the visitor (§8). */
  message: string;
  /** The password is cleared for the next try (§8); a locked account's form keeps it. */
  clearPassword: boolean;
}

/**
 * One mapping of a refused login to what the visitor is told, used by the login API and the login
 * page's action alike, so the modal and the page say the same thing.
 */
export function loginRefusal(status: LoginRefusalStatus, firmShortName: string): LoginRefusal {
  switch (status) {
    case "incorrect-password":
      return {
        httpStatus: 401,
        code: "INCORRECT_PASSWORD",
        message: INCORRECT_PASSWORD,
        clearPassword: true,
      };
    case "unknown-email":
      return {
        httpStatus: 401,
        code: "UNKNOWN_EMAIL",
        message: emailNotAssociated(firmShortName),
        clearPassword: true,
      };
    case "locked":
      return { httpStatus: 429, code: "ACCOUNT_LOCKED", message: ACCOUNT_LOCKED, clearPassword: false };
    case "disabled":
      return { httpStatus: 403, code: "ACCOUNT_DISABLED", message: ACCOUNT_DISABLED, clearPassword: true };
  }
}

/**
 * The refusals the visitor answers in the form itself: a wrong password or unknown email (the password
 * is cleared, spec §8) and a wrong second-factor code. Every other refusal (a locked or disabled
 * account, too many attempts, an expired login, a server error) is told in the 'Login Failed' dialog.
 */
export function refusalAnsweredInForm(code: string | undefined): boolean {
  return (
    code === "INCORRECT_PASSWORD" ||
    code === "UNKNOWN_EMAIL" ||
    code === "WRONG_CODE" ||
    code === "CODE_REUSED" ||
    code === "RECOVERY_CODE_USED"
  );
}

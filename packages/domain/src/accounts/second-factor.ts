import { z } from "../zod.ts";

/**
 * The second factors an account has (issue 20). `passkeys` is counted by the passkey feature; every
 * other part asks `hasSecondFactor`, so a new kind of factor needs no change there.
 */
export interface SecondFactors {
  /** A confirmed authenticator app (TOTP, RFC 6238). */
  totp: boolean;
  /** Unused recovery codes (each works once). */
  recoveryCodesLeft: number;
  /** Registered passkeys (WebAuthn). */
  passkeys: number;
}

/** Recovery codes alone are a fallback, not a factor: they exist only beside an authenticator or passkey. */
export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** Numbers of the second-factor rules (documented in the README and decision 024). */
export const SECOND_FACTOR_LIMITS = {
  /** A login waiting for its second factor expires after this long. */
  pendingLoginMinutes: 5,
  /** Starting "View as", exporting users and changing roles need a check this recent. */
  stepUpMinutes: 10,
  /** Recovery codes issued at a time. */
  recoveryCodes: 10,
} as const;

/**
 * What a person types as a second factor: the 6 digits of their authenticator, or a recovery code
 * (spaces and dashes ignored, any case).
 */
export const secondFactorCodeSchema = z
  .string({ error: "Enter the code from your authenticator app or a recovery code." })
  .trim()
  .min(1, "Enter the code from your authenticator app or a recovery code.")
  .max(40, "That code is too long.")
  .transform((v) => v.replace(/[\s-]/g, "").toLowerCase())
  .refine((v) => /^(\d{6}|[a-z0-9]{12})$/.test(v), {
    message: "Enter the 6-digit code from your authenticator app, or a 12-character recovery code.",
  });

/** Step two of a login: the pending login's token (from step one) and the code. */
export const loginSecondFactorSchema = z.object({
  pendingLogin: z.string().min(20).max(100),
  code: secondFactorCodeSchema,
});
export type LoginSecondFactorInput = z.infer<typeof loginSecondFactorSchema>;

/** Confirms an authenticator being enrolled: one current code from it. */
export const confirmAuthenticatorSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code your authenticator app shows." })
    .trim()
    .transform((v) => v.replace(/\s/g, ""))
    .refine((v) => /^\d{6}$/.test(v), { message: "Enter the 6-digit code your authenticator app shows." }),
});

/** A fresh check before a sensitive step: a second factor, or the password for staff who have none yet. */
export const stepUpSchema = z.object({
  code: secondFactorCodeSchema.optional(),
  password: z.string().min(1).max(256).optional(),
});

/** Why a second factor was refused; each has its own message so the person knows what to do. */
export type SecondFactorRefusal =
  | "wrong-code"
  | "code-reused"
  | "recovery-code-used"
  | "locked"
  | "login-expired";

export const SECOND_FACTOR_MESSAGES: Record<SecondFactorRefusal, string> = {
  "wrong-code": "That code is not right. Check your authenticator app and try again.",
  "code-reused":
    "That code was already used. Wait for your authenticator app to show a new code, then enter it.",
  "recovery-code-used": "That recovery code was already used. Each recovery code works once.",
  locked: "Too many failed logins. This account is locked for 10 minutes.",
  "login-expired": "This login has expired. Please log in again with your email and password.",
};

export const SECOND_FACTOR_REQUIRED = "Enter the code from your authenticator app to finish logging in.";
export const STEP_UP_REQUIRED =
  "For this step, confirm it is you: enter the code from your authenticator app.";
export const STEP_UP_PASSWORD_REQUIRED = "For this step, confirm it is you: enter your password.";
export const MFA_ENROLMENT_REQUIRED =
  "Staff accounts need a second factor. Set up an authenticator app to continue.";
export const ENROLMENT_WRONG_CODE =
  "That code does not match. Check the time on your phone and enter the code your app shows now.";
export const ENROLMENT_EXPIRED = "Start the set-up again: the secret shown earlier is no longer valid.";
export const AUTHENTICATOR_ALREADY_SET_UP = "An authenticator app is already set up for this account.";

/** One mapping of a refused second factor to the API's status and code, shared by the API and the pages. */
export function secondFactorRefusal(status: SecondFactorRefusal): {
  httpStatus: 401 | 429;
  code: "WRONG_CODE" | "CODE_REUSED" | "RECOVERY_CODE_USED" | "ACCOUNT_LOCKED" | "LOGIN_EXPIRED";
  message: string;
} {
  const message = SECOND_FACTOR_MESSAGES[status];
  switch (status) {
    case "wrong-code":
      return { httpStatus: 401, code: "WRONG_CODE", message };
    case "code-reused":
      return { httpStatus: 401, code: "CODE_REUSED", message };
    case "recovery-code-used":
      return { httpStatus: 401, code: "RECOVERY_CODE_USED", message };
    case "locked":
      return { httpStatus: 429, code: "ACCOUNT_LOCKED", message };
    case "login-expired":
      return { httpStatus: 401, code: "LOGIN_EXPIRED", message };
  }
}

/** The step-up form of a page: a code for an account with a second factor… */
export const stepUpCodeFormSchema = z.object({ stepUpCode: secondFactorCodeSchema });
/** …or the password for one without (staff under STAFF_MFA=optional). */
export const stepUpPasswordFormSchema = z.object({
  stepUpPassword: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(256),
});

/** A page step that needs a fresh check: what to ask for, the fields to post again, the last refusal. */
export interface StepUpNeed {
  kind: "code" | "password";
  fields: Record<string, string>;
  error?: string;
}

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_SYMBOLS } from "../constants.ts";
import {
  EMAIL_REQUIRED,
  FIRST_NAME_REQUIRED,
  LAST_NAME_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_RULE,
  PASSWORDS_DIFFERENT,
  VALID_EMAIL_REQUIRED,
} from "../messages.ts";
import { z } from "../zod.ts";

/**
 * The forms and payloads of accounts (spec §3, §5): one schema each, used by the browser form, the
 * page action and the API route alike, so the rules and messages are the same everywhere.
 */

const PASSWORD_LENGTH = `{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}`;
const SYMBOLS_CLASS = PASSWORD_SYMBOLS.replace(/[\]\\^-]/g, "\\$&");
const SIGNUP_PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d${SYMBOLS_CLASS}]${PASSWORD_LENGTH}$`,
);
/** The shared pattern of the change-password form: at least 6 characters and a digit (§5). */
const CHANGE_PASSWORD_PATTERN = new RegExp(`^(?=.*\\d).${PASSWORD_LENGTH}$`);

/** An email field; `whenEmpty` is the message for a blank one (login and sign-up word it differently). */
const emailField = (whenEmpty: string) =>
  z
    .string({ error: whenEmpty })
    .trim()
    .min(1, whenEmpty)
    .max(254, VALID_EMAIL_REQUIRED)
    .pipe(z.email({ error: VALID_EMAIL_REQUIRED }))
    .transform((v) => v.toLowerCase());

const email = emailField(EMAIL_REQUIRED);

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

/** Whether a password passes the signup rule: 6–32 of letters, digits and !@#$%^&*, with a letter and a digit. */
export function isValidSignupPassword(password: string): boolean {
  return SIGNUP_PASSWORD_PATTERN.test(password);
}

/** The two checks the password popover shows while the field is focused (§4, §5). */
export function passwordPopoverChecks(password: string): { length: boolean; number: boolean } {
  return { length: password.length > 6, number: /[1-9]/.test(password) };
}

/**
 * The confirmation must repeat the password. It is checked as soon as both are typed, also while
 * other fields are still empty (a form posts empty fields as missing, which would otherwise skip it).
 */
const confirmationMatches = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const confirmationMessage = {
  path: ["confirmPassword"],
  message: PASSWORDS_DIFFERENT,
  when: ({ value }: { value: unknown }) => {
    const v = value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === "string" && typeof v.confirmPassword === "string";
  },
};

export const loginSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(256),
  rememberMe: z.boolean().default(false),
  applicationName: z.string().max(100).optional(),
  token: z.string().max(2000).default(""),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z
  .object({
    firstName: name(FIRST_NAME_REQUIRED),
    lastName: name(LAST_NAME_REQUIRED),
    // Sign-up answers a blank email with the malformed-email message (§5).
    email: emailField(VALID_EMAIL_REQUIRED),
    password: z.string({ error: PASSWORD_RULE }).regex(SIGNUP_PASSWORD_PATTERN, PASSWORD_RULE),
    confirmPassword: z.string({ error: PASSWORDS_DIFFERENT }),
  })
  .refine(confirmationMatches, confirmationMessage);
export type SignupInput = z.infer<typeof signupSchema>;

export const changePasswordSchema = z
  .object({
    password: z.string({ error: PASSWORD_RULE }).regex(CHANGE_PASSWORD_PATTERN, PASSWORD_RULE),
    confirmPassword: z.string({ error: PASSWORDS_DIFFERENT }).min(1, PASSWORDS_DIFFERENT),
  })
  .refine(confirmationMatches, confirmationMessage);

/** A new password as the API receives it (UpdatePassword?password=…). */
export const newPasswordSchema = z
  .string({ error: PASSWORD_RULE })
  .regex(CHANGE_PASSWORD_PATTERN, PASSWORD_RULE);

export const emailSchema = email;

/** A form of one email field: forgot password, resend a verification link. */
export const emailFormSchema = z.object({ email });

/** The token of a mailed /verify-user link, confirmed by the visitor's POST (or the API's VerifyUser). */
export const mailedLinkSchema = z.object({ token: z.string().min(10).max(200) });

const text = (max: number) => z.string().trim().max(max).default("");

/** The buyer profile (§3). */
export const profileSchema = z.object({
  companyName: text(200),
  firstName: name(FIRST_NAME_REQUIRED),
  lastName: name(LAST_NAME_REQUIRED),
  title: text(200),
  email,
  contactPhone: text(40),
  userRequestedAddress: text(200),
  userRequestedCity: text(100),
  userRequestedState: text(100),
  userRequestedZip: text(20),
  companyLocationAddress: text(200),
  companyLocationCity: text(100),
  companyLocationState: text(100),
  companyLocationZip: text(20),
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileField = keyof Profile;
/** The profile's fields, in the form's order: what the form shows and the users table stores. */
export const PROFILE_FIELDS: readonly ProfileField[] = profileSchema.keyof().options;

/** Spec §5: the access-code field's message. */
export const ACCESS_CODE_REQUIRED = "Access Code is Required";
/** Spec §8: a wrong access code or a failed call. */
export const INCORRECT_CODE = "Incorrect Code";
/** Spec §4: the access-code dialog's button while the code is checked. */
export const VERIFYING = "Verifying...";
/** Spec §7: GrantDueDiligenceAccess's success message. */
export const ACCESS_GRANTED = "Access Granted";
/** Spec §2: the exclusive-deal contact dialog's title and its one button. */
export const EXCLUSIVE_DEAL = "EXCLUSIVE DEAL";
export const EXCLUSIVE_DEAL_OK = "OK";
/** The spec's "enter access code" dialog. */
export const ENTER_ACCESS_CODE = "Enter Access Code";
export const ACCESS_CODE_LABEL = "Access Code";
export const ACCESS_CODE_TOO_LONG = "That access code is too long: codes have at most 64 characters.";
/** After ACCESS_CODE_LIMITS.lockAfterFailures wrong codes from one account (429). */
export const ACCESS_CODE_LOCKED = "Too many incorrect codes. Please wait 10 minutes and try again.";
/** A second try on a listing many wrong codes are being typed for (429); see ACCESS_CODE_LIMITS. */
export const ACCESS_CODE_BRAKED =
  "Many incorrect codes have been typed for this deal. Please wait 10 minutes and try again.";
export const NO_DATA_ROOM = "This deal has no data room.";
export const DEAL_SOLD_NO_NEW_BUYERS = "This deal is sold: its data room takes no new buyers.";
/** The buyer's side of an access request. */
export const REQUEST_ACCESS = "Request access";
export const ACCESS_REQUEST_PENDING =
  "Your request for access is with our team. We will email you the access code once it is approved.";
export const ACCESS_REQUEST_SENT = "Request sent";
export const ACCESS_REQUEST_MESSAGE_TOO_LONG = "Please keep your message under 2,000 characters.";
export const ENTER_DATA_ROOM = "Enter data room";

/**
 * Attempts, counted before the comparison. An account's 10th attempt in 10 minutes locks that account
 * for 10 minutes (every listing). Once a listing has had more than 10 attempts in its 10 minutes, an
 * account gets only its first try on that listing in its own 10 minutes: buyers who have not failed
 * there still get in, and N guessing accounts get about 10 + N guesses per listing per 10 minutes
 * (decision 017).
 */
export const ACCESS_CODE_LIMITS = {
  lockAfterFailures: 10,
  windowMinutes: 10,
  lockMinutes: 10,
  listingBrakeAfter: 10,
} as const;

export const ACCESS_CODE_MAX_LENGTH = 64;
export const ACCESS_REQUEST_MESSAGE_MAX_LENGTH = 2000;

/**
 * Random codes are drawn from these 30 characters: digits and capitals without 0/O, 1/I/L and U,
 * so a code read aloud or copied from a phone screen cannot be mistyped as another one.
 */
export const ACCESS_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 30^10 ≈ 5.9 × 10^14 codes (49 bits). */
export const RANDOM_ACCESS_CODE_LENGTH = 10;

/**
 * The local demo's predictable code for a demo listing (README): anyone who knows the deal number
 * knows it, so real listings never get it.
 */
export const demoAccessCode = (listingId: number): string => `DD-${listingId}`;

/** Whether a listing's code is the predictable DD-{ListingId} (staff are warned on the access page). */
export const isPredictableAccessCode = (listingId: number, code: string): boolean =>
  normalizeAccessCode(code) === demoAccessCode(listingId);

/**
 * The form of a code that is compared: spaces anywhere dropped and letters read in any case, so a
 * buyer typing on a phone (auto-capitalised, or with the spaces of a code read out in groups) gets in.
 */
export function normalizeAccessCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

export const NO_ACCOUNT_FOR_EMAIL = "No account has that email address.";

export type AccessRequestStatus = "pending" | "approved" | "declined";

/** The exclusive-deal contact of a listing (spec §2: a named contact, two phones and an email). */
export interface ExclusiveDealContact {
  name: string;
  phone: string;
  phone2: string | null;
  email: string;
}

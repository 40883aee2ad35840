import { createHash, randomInt } from "node:crypto";
import { SECOND_FACTOR_LIMITS } from "@aea/domain";
import { Secret, TOTP } from "otpauth";
import { encode } from "uqr";

// The codes of second factors: authenticator apps (TOTP, RFC 6238) and recovery codes, and the QR code
// that carries an app's secret to the phone.

const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted (clock drift), none older. */
const TOTP_WINDOW = 1;
/** Recovery codes: 12 characters of a 32-letter alphabet without look-alikes (60 bits each). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 12;
/** The time step whose code `code` is, within one step either side of `now`; undefined if none. */
export function matchingStep(now: number, secret: string, code: string): number | undefined {
  const delta = totpFor(secret, "").validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export function totpFor(secret: string, email: string, issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: SECOND_FACTOR_LIMITS.recoveryCodes }, () =>
    Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join(""),
  );
}

/** Salted with the account, so one table of hashes cannot serve every account at once. */
export function recoveryCodeHash(userId: number, code: string): string {
  return createHash("sha256").update(`${userId}:${code}`).digest("hex");
}

/** The QR code of `text` as one SVG path of unit squares, with a 2-module quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: "M", border: 2 });
  const squares: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size, path: squares.join("") };
}

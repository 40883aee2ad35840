import { Secret, TOTP } from "otpauth";
import type { Core } from "../core.ts";

/** The code an authenticator app with this secret shows at `at` (ms since the epoch). */
export function authenticatorCode(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
}

/**
 * Sets up an authenticator app for an account as its owner would on /account/security: a session, the
 * secret shown, one code to confirm. Returns the secret, the recovery codes and the session's token.
 * `at`: the time the confirming code is made for (the core's clock; default now).
 */
export async function enrolTestAuthenticator(
  core: Core,
  user: { id: number; email: string },
  at = Date.now(),
): Promise<{ secret: string; recoveryCodes: string[]; sessionToken: string }> {
  const sessionToken = await core.sessions.startSession(user.id, false);
  const actor = { userId: user.id, sessionToken };
  const { secret } = await core.secondFactor.startAuthenticator(actor, user);
  const result = await core.secondFactor.confirmAuthenticator(actor, authenticatorCode(secret, at));
  if (result.status !== "enrolled") throw new Error(`enrolment of ${user.email}: ${result.status}`);
  return { secret, recoveryCodes: result.recoveryCodes, sessionToken };
}

import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import type { PasskeyChallengeRow } from "../../db/schema.ts";
import { hashToken } from "../tokens.ts";
import { PasskeyChallengeRepository } from "./passkey-challenge.repository.ts";

/**
 * Whose ceremony this is: the account, and the token the browser holds for it (the session cookie
 * for enrolment and step-up, the pending login's token at a login's second step). A challenge only
 * answers for the same account and token it was issued to.
 */
export interface PasskeyCeremonyOwner {
  userId: number;
  token: string;
}

/**
 * The challenges of passkey ceremonies, kept in the database: each bound to its owner and purpose,
 * live for a few minutes, and used once.
 */
export class PasskeyChallenges {
  readonly #database: Database;
  readonly #clock: Clock;
  readonly #lifetimeMinutes: number;

  constructor(database: Database, clock: Clock, lifetimeMinutes: number) {
    this.#database = database;
    this.#clock = clock;
    this.#lifetimeMinutes = lifetimeMinutes;
  }

  async issue(
    challenge: string,
    purpose: PasskeyChallengeRow["purpose"],
    owner: PasskeyCeremonyOwner,
  ): Promise<void> {
    const now = this.#clock.now();
    const challenges = new PasskeyChallengeRepository(this.#database.db);
    await challenges.deleteExpired(this.#iso(now));
    await challenges.insert({
      challenge,
      purpose,
      userId: owner.userId,
      boundTo: hashToken(owner.token),
      expiresAt: this.#iso(now + this.#lifetimeMinutes * 60_000),
    });
  }

  /** The challenge the browser signed, if it was live, issued to this owner for this purpose, and unused. */
  async consume(
    clientDataJSON: string,
    purpose: PasskeyChallengeRow["purpose"],
    owner: PasskeyCeremonyOwner,
  ): Promise<string | undefined> {
    let challenge: unknown;
    try {
      // The browser's client data: base64url of a JSON object (WebAuthn §5.8.1).
      challenge = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")).challenge;
    } catch {
      return undefined;
    }
    if (typeof challenge !== "string") return undefined;
    const live = await new PasskeyChallengeRepository(this.#database.db).consume(
      challenge,
      { purpose, userId: owner.userId, boundTo: hashToken(owner.token) },
      this.#iso(),
    );
    return live ? challenge : undefined;
  }

  #iso(at = this.#clock.now()): string {
    return new Date(at).toISOString();
  }
}

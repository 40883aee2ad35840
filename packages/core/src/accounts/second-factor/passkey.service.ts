import { isIP } from "node:net";
import {
  displayName,
  fail,
  hasSecondFactor,
  loginRequired,
  notFound,
  PASSKEY_NONE_REGISTERED,
  PASSKEY_UNKNOWN,
  PASSKEYS_UNAVAILABLE,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
  type PasskeySummary,
  refuseWhileViewingAs,
  SECOND_FACTOR_MESSAGES,
} from "@aea/domain";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  WebAuthnCredential,
} from "@simplewebauthn/server";
import { AuditTrail } from "../../audit/audit-trail.ts";
import { type Clock, systemClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/database.ts";
import { accountStores } from "../account-stores.ts";
import type { Actor } from "../identity-proof.ts";
import type { LoginBrowser } from "../login.service.ts";
import { SessionRepository } from "../sessions/session.repository.ts";
import { hashToken } from "../tokens.ts";
import { UserRepository } from "../user.repository.ts";
import { PasskeyRepository, type StoredPasskey } from "./passkey.repository.ts";
import { type PasskeyCeremonyOwner, PasskeyChallenges } from "./passkey-challenges.ts";
import type { SecondFactorService } from "./second-factor.service.ts";

export const PASSKEY_LIMITS = {
  /** How long the browser lets the person answer the passkey prompt… */
  promptSeconds: 120,
  /** …and how long the server keeps the challenge (a little longer: the answer still has to travel). */
  challengeMinutes: 5,
} as const;

/**
 * EdDSA, ES256 and RS256 (their COSE numbers, RFC 9053): what authenticators in use sign with. Named
 * here rather than left to the library, whose default adds ML-DSA-44 when Node's experimental
 * WebCrypto offers it.
 */
const ALGORITHMS = [-8, -7, -257];

/**
 * The WebAuthn library, with the certificate parsers it brings, loads with the first passkey
 * ceremony (decision 037): most servers' visitors never start one.
 */
const webAuthn = () => import("@simplewebauthn/server");

export type PasskeyRegistrationResult =
  | { status: "added"; passkey: PasskeySummary }
  | {
      status: "challenge-expired" | "not-verified" | "already-registered" | "registered-to-another-account";
    };

export type PasskeyCheckResult =
  | { status: "verified"; passkeyId: number }
  | { status: "challenge-expired" | "not-verified" | "unknown-passkey" | "counter-went-backwards" };

interface PasskeyDeps {
  config: Config;
  database: Database;
  /** Pending logins, the login lockout and the session's fresh-check time are the framework's. */
  secondFactor: SecondFactorService;
  /** The system clock unless a test moves time. */
  clock?: Clock;
}

/**
 * Passkeys (WebAuthn) as a second factor, on @simplewebauthn/server: enrolment, the sign-in check,
 * and the owner's list. The site's PUBLIC_URL fixes the relying party: its host is the RP ID and its
 * origin the only origin accepted, so an answer made for another site (a phishing copy) never passes.
 */
export class PasskeyService {
  readonly #d: PasskeyDeps;
  readonly #clock: Clock;
  readonly #rpId: string;
  readonly #origin: string;
  readonly #challenges: PasskeyChallenges;

  constructor(deps: PasskeyDeps) {
    this.#d = deps;
    this.#clock = deps.clock ?? systemClock;
    this.#challenges = new PasskeyChallenges(deps.database, this.#clock, PASSKEY_LIMITS.challengeMinutes);
    const url = new URL(deps.config.publicUrl);
    this.#rpId = url.hostname;
    this.#origin = url.origin;
  }

  /**
   * Browsers accept a relying party only under a domain name (localhost included), never an IP
   * address: a site served as http://127.0.0.1 offers no passkeys rather than a button that fails.
   */
  get available(): boolean {
    return isIP(this.#rpId.replace(/^\[|\]$/g, "")) === 0;
  }

  /** The account's passkeys, oldest first. */
  async list(userId: number): Promise<PasskeySummary[]> {
    const passkeys = await new PasskeyRepository(this.#d.database.db).forUser(userId);
    return passkeys.map(summary);
  }

  /** How many passkeys the account has (a second factor counts as enrolled with one). */
  count(userId: number): Promise<number> {
    return new PasskeyRepository(this.#d.database.db).countForUser(userId);
  }

  // Enrolment (the signed-in owner, never someone viewing the site as them)

  /** What the browser needs to create a passkey for the signed-in account. */
  async registrationOptions(actor: Actor): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const owner = await this.#enrollingOwner(actor);
    const db = this.#d.database.db;
    const user = await new UserRepository(db).findById(owner.userId);
    if (!user) throw notFound(PASSKEY_UNKNOWN);
    const existing = await new PasskeyRepository(db).forUser(owner.userId);
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: this.#d.config.firmName,
      rpID: this.#rpId,
      userName: user.email,
      userDisplayName: displayName(user),
      timeout: PASSKEY_LIMITS.promptSeconds * 1000,
      attestationType: "none",
      // The browser refuses an authenticator that already holds one of these: no duplicate passkey.
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.#challenges.issue(options.challenge, "registration", owner);
    return options;
  }

  /**
   * Checks the browser's answer against the challenge issued to this session and stores the passkey.
   * A credential already registered (to this account or to any other) is refused and nothing changes.
   */
  async register(
    actor: Actor,
    name: string,
    response: PasskeyRegistrationResponse,
  ): Promise<PasskeyRegistrationResult> {
    const owner = await this.#enrollingOwner(actor);
    const challenge = await this.#challenges.consume(response.response.clientDataJSON, "registration", owner);
    if (!challenge) return { status: "challenge-expired" };
    let credential: WebAuthnCredential;
    try {
      const { verifyRegistrationResponse } = await webAuthn();
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.#origin,
        expectedRPID: this.#rpId,
        // The password was the first factor; the passkey proves possession of the device.
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!verification.verified) return { status: "not-verified" };
      credential = verification.registrationInfo.credential;
    } catch {
      return { status: "not-verified" };
    }
    const passkey = {
      userId: owner.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: response.response.transports ?? [],
      name,
      createdAt: this.#iso(),
    };
    try {
      return await this.#d.database.transaction(async (trx) => {
        const refusal = await this.#registeredAlready(trx, passkey.credentialId, owner.userId);
        if (refusal) return refusal;
        const passkeys = new PasskeyRepository(trx);
        await passkeys.insert(passkey);
        await new AuditTrail(trx, this.#clock).record({
          actor: owner.userId,
          action: "passkey-added",
          details: name,
        });
        // Its holder just proved the new factor: the session counts as freshly checked.
        await new SessionRepository(trx).recordSecondFactor(hashToken(owner.token), passkey.createdAt);
        const added = (await passkeys.findByCredentialId(passkey.credentialId)) as StoredPasskey;
        return { status: "added", passkey: summary(added) } as const;
      });
    } catch (error) {
      // Two registrations of one credential racing: the unique index stopped the second one.
      const refusal = await this.#registeredAlready(this.#d.database.db, passkey.credentialId, owner.userId);
      if (refusal) return refusal;
      throw error;
    }
  }

  async rename(actor: Actor, passkeyId: number, name: string): Promise<void> {
    const owner = await this.#enrollingOwner(actor);
    await this.#d.database.transaction(async (trx) => {
      if (!(await new PasskeyRepository(trx).rename(owner.userId, passkeyId, name)))
        throw notFound(PASSKEY_UNKNOWN);
      await new AuditTrail(trx, this.#clock).record({
        actor: owner.userId,
        action: "passkey-renamed",
        details: name,
      });
    });
  }

  /**
   * Removes a passkey (after a recent check: taking a factor away weakens the account). Recovery codes
   * go with the last factor, as they do when the authenticator app is removed.
   */
  async remove(actor: Actor, passkeyId: number): Promise<void> {
    const owner = await this.#enrollingOwner(actor);
    await this.#d.secondFactor.requireRecentCheck(actor);
    await this.#d.database.transaction(async (trx) => {
      const name = await new PasskeyRepository(trx).remove(owner.userId, passkeyId);
      if (name === undefined) throw notFound(PASSKEY_UNKNOWN);
      const { secondFactors, audit } = accountStores(trx, this.#clock);
      if (!hasSecondFactor(await secondFactors.factorsOf(owner.userId)))
        await secondFactors.removeRecoveryCodes(owner.userId);
      await audit.record({ actor: owner.userId, action: "passkey-removed", details: name });
    });
  }

  // The check (a login's second step, or step-up before a sensitive staff action)

  /** How many passkeys the account of a live pending login has (0 when it is gone). */
  async countForPendingLogin(pendingLogin: string): Promise<number> {
    const userId = await this.#d.secondFactor.pendingLoginAccount(pendingLogin);
    return userId === undefined ? 0 : this.count(userId);
  }

  /** Options for a login's second step; 401 LOGIN_EXPIRED when the pending login is gone. */
  async loginOptions(pendingLogin: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const userId = await this.#d.secondFactor.pendingLoginAccount(pendingLogin);
    if (userId === undefined) throw fail("LOGIN_EXPIRED", SECOND_FACTOR_MESSAGES["login-expired"]);
    return this.#requiredOptions({ userId, token: pendingLogin });
  }

  /** Completes a pending login with a passkey: the framework's door, under the login lockout. */
  completeLogin(pendingLogin: string, response: PasskeyAuthenticationResponse, browser: LoginBrowser) {
    return this.#d.secondFactor.completeLoginWith(
      pendingLogin,
      (userId) => this.#check({ userId, token: pendingLogin }, response),
      browser,
    );
  }

  /** Options for a fresh check in this session (before "View as", the user export, a role change). */
  async stepUpOptions(actor: Actor): Promise<PublicKeyCredentialRequestOptionsJSON> {
    if (!actor.sessionToken) throw loginRequired();
    return this.#requiredOptions({ userId: actor.userId, token: actor.sessionToken });
  }

  /** A fresh check in this session with a passkey, under the login lockout. */
  stepUp(actor: Actor, response: PasskeyAuthenticationResponse) {
    return this.#d.secondFactor.proveWith(actor, (userId) =>
      this.#check({ userId, token: actor.sessionToken ?? "" }, response),
    );
  }

  /** What the browser needs to sign with one of the account's passkeys; undefined when it has none. */
  async authenticationOptions(
    owner: PasskeyCeremonyOwner,
  ): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
    this.#requireAvailable();
    const passkeys = await new PasskeyRepository(this.#d.database.db).forUser(owner.userId);
    if (passkeys.length === 0) return undefined;
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({
      rpID: this.#rpId,
      allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
      timeout: PASSKEY_LIMITS.promptSeconds * 1000,
      userVerification: "preferred",
    });
    await this.#challenges.issue(options.challenge, "authentication", owner);
    return options;
  }

  /**
   * Checks a signature from one of the account's passkeys over the challenge issued to this owner.
   * The counter rule is ours, applied after the signature is known to be good: a counter that does
   * not move forward means a copied authenticator, and is refused and recorded.
   */
  async verify(
    owner: PasskeyCeremonyOwner,
    response: PasskeyAuthenticationResponse,
  ): Promise<PasskeyCheckResult> {
    this.#requireAvailable();
    const challenge = await this.#challenges.consume(
      response.response.clientDataJSON,
      "authentication",
      owner,
    );
    if (!challenge) return { status: "challenge-expired" };
    const passkeys = new PasskeyRepository(this.#d.database.db);
    const passkey = await passkeys.findByCredentialId(response.rawId);
    if (!passkey || passkey.userId !== owner.userId) return { status: "unknown-passkey" };
    let newCounter: number;
    try {
      const { verifyAuthenticationResponse } = await webAuthn();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.#origin,
        expectedRPID: this.#rpId,
        // Stored counter 0: the library's own counter check stays out, so ours runs on a verified answer.
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
          counter: 0,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      });
      if (!verification.verified) return { status: "not-verified" };
      newCounter = verification.authenticationInfo.newCounter;
    } catch {
      return { status: "not-verified" };
    }
    const counted = newCounter > 0 || passkey.counter > 0;
    if (
      (counted && newCounter <= passkey.counter) ||
      !(await passkeys.recordUse(passkey.id, passkey.counter, newCounter, this.#iso()))
    ) {
      await new AuditTrail(this.#d.database.db, this.#clock).record({
        actor: null,
        action: "passkey-counter-went-backwards",
        subject: { user: owner.userId },
        details: `${passkey.name}: ${newCounter} after ${passkey.counter}`,
      });
      return { status: "counter-went-backwards" };
    }
    return { status: "verified", passkeyId: passkey.id };
  }

  // Internals

  async #requiredOptions(owner: PasskeyCeremonyOwner): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await this.authenticationOptions(owner);
    if (!options) throw fail("NO_PASSKEY", PASSKEY_NONE_REGISTERED);
    return options;
  }

  async #check(
    owner: PasskeyCeremonyOwner,
    response: PasskeyAuthenticationResponse,
  ): Promise<"ok" | Exclude<PasskeyCheckResult["status"], "verified">> {
    const result = await this.verify(owner, response);
    return result.status === "verified" ? "ok" : result.status;
  }

  /**
   * The account that enrols, from its own session: passkeys change what can sign in to an account,
   * so someone viewing the site as a buyer cannot add, rename or remove the buyer's.
   */
  async #enrollingOwner(actor: Actor): Promise<PasskeyCeremonyOwner> {
    this.#requireAvailable();
    const session = actor.sessionToken
      ? await new SessionRepository(this.#d.database.db).find(hashToken(actor.sessionToken))
      : undefined;
    if (!session || !actor.sessionToken || session.userId !== actor.userId) throw loginRequired();
    refuseWhileViewingAs(session);
    return { userId: actor.userId, token: actor.sessionToken };
  }

  #requireAvailable(): void {
    if (!this.available) throw fail("PASSKEYS_UNAVAILABLE", PASSKEYS_UNAVAILABLE);
  }

  async #registeredAlready(
    db: Executor,
    credentialId: string,
    userId: number,
  ): Promise<PasskeyRegistrationResult | undefined> {
    const holder = await new PasskeyRepository(db).findByCredentialId(credentialId);
    if (!holder) return undefined;
    return { status: holder.userId === userId ? "already-registered" : "registered-to-another-account" };
  }

  #iso(at = this.#clock.now()): string {
    return new Date(at).toISOString();
  }
}

function summary({ id, name, createdAt, lastUsedAt }: StoredPasskey): PasskeySummary {
  return { id, name, createdAt, lastUsedAt };
}

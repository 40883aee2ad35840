import { PASSKEYS_UNAVAILABLE, VIEWING_AS_READ_ONLY } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { SoftwareAuthenticator } from "../../testing/software-authenticator.ts";
import { insertTestAccount } from "../../testing/test-accounts.ts";
import { testEngines } from "../../testing/test-cores.ts";
import { PASSKEY_LIMITS } from "./passkey.service.ts";

const PASSWORD = "Right2030";
const SITE = { origin: "https://deals.aea.test", rpId: "deals.aea.test" };

describe.each(testEngines())("passkeys on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock();

  beforeAll(async () => {
    core = await engine.create({ PUBLIC_URL: SITE.origin, STAFF_MFA: "required" }, { clock });
  });
  afterAll(async () => {
    await core.close();
  });

  /** A fresh account signed in with its password: its id and its session token. */
  const signedIn = async () => {
    const user = await insertTestAccount(core, { password: PASSWORD });
    const login = await core.logins.login(user.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    return { userId: user.id, sessionToken: login.token };
  };

  /** Runs a whole registration of `device` for the signed-in `actor`. */
  const enrol = async (
    actor: { userId: number; sessionToken: string },
    device: SoftwareAuthenticator,
    credentialId?: string,
  ) => {
    const options = await core.passkeys.registrationOptions(actor);
    return core.passkeys.register(
      actor,
      "Work laptop",
      device.register({ ...SITE, challenge: options.challenge }, credentialId),
    );
  };

  const signInOptions = async (owner: { userId: number; token: string }) => {
    const options = await core.passkeys.authenticationOptions(owner);
    if (!options) throw new Error("no passkey to sign in with");
    return options;
  };

  it("a registered passkey signs the account in, and its use is recorded", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    const options = await core.passkeys.registrationOptions(actor);
    expect(options.rp).toEqual({ id: SITE.rpId, name: core.config.firmName });
    expect(options.attestation).toBe("none");

    const added = await core.passkeys.register(
      actor,
      "Work laptop",
      device.register({ ...SITE, challenge: options.challenge }),
    );
    expect(added).toMatchObject({ status: "added", passkey: { name: "Work laptop", lastUsedAt: null } });
    expect(await core.passkeys.count(actor.userId)).toBe(1);

    // The second step of a later login: the token is the pending login's, not a session's.
    const owner = { userId: actor.userId, token: "pending-login-token" };
    const signIn = await signInOptions(owner);
    expect(signIn.allowCredentials).toEqual([
      { id: device.credentialId, type: "public-key", transports: ["internal"] },
    ]);
    const result = await core.passkeys.verify(
      owner,
      device.authenticate({ ...SITE, challenge: signIn.challenge }),
    );
    expect(result).toMatchObject({ status: "verified" });
    const [listed] = await core.passkeys.list(actor.userId);
    expect(listed?.lastUsedAt).toBe(new Date(clock.now()).toISOString());
  });

  it("a passkey registered for another account is refused, and neither account changes", async () => {
    const victim = await signedIn();
    const victimDevice = new SoftwareAuthenticator();
    expect(await enrol(victim, victimDevice)).toMatchObject({ status: "added" });

    // The attacker answers with a key of their own under the victim's credential id.
    const attacker = await signedIn();
    const result = await enrol(attacker, new SoftwareAuthenticator(), victimDevice.credentialId);
    expect(result).toEqual({ status: "registered-to-another-account" });
    expect(await core.passkeys.list(attacker.userId)).toEqual([]);
    expect(await core.passkeys.list(victim.userId)).toHaveLength(1);

    // The victim's own passkey still signs the victim in.
    const owner = { userId: victim.userId, token: "t" };
    const signIn = await signInOptions(owner);
    expect(
      await core.passkeys.verify(owner, victimDevice.authenticate({ ...SITE, challenge: signIn.challenge })),
    ).toMatchObject({ status: "verified" });
  });

  it("the same passkey twice on one account is refused", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    await enrol(actor, device);
    expect(await enrol(actor, device)).toEqual({ status: "already-registered" });
    expect(await core.passkeys.count(actor.userId)).toBe(1);
  });

  it("a challenge answers once: a replayed registration or sign-in is refused", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    const options = await core.passkeys.registrationOptions(actor);
    const answer = device.register({ ...SITE, challenge: options.challenge });
    expect(await core.passkeys.register(actor, "One", answer)).toMatchObject({ status: "added" });
    expect(await core.passkeys.register(actor, "Two", answer)).toEqual({ status: "challenge-expired" });

    const owner = { userId: actor.userId, token: "t" };
    const signIn = await signInOptions(owner);
    const signature = device.authenticate({ ...SITE, challenge: signIn.challenge });
    expect(await core.passkeys.verify(owner, signature)).toMatchObject({ status: "verified" });
    expect(await core.passkeys.verify(owner, signature)).toEqual({ status: "challenge-expired" });
  });

  it("a challenge expires after a few minutes", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    const options = await core.passkeys.registrationOptions(actor);
    clock.advance(PASSKEY_LIMITS.challengeMinutes * 60_000 + 1);
    const late = device.register({ ...SITE, challenge: options.challenge });
    expect(await core.passkeys.register(actor, "Late", late)).toEqual({ status: "challenge-expired" });
    expect(await core.passkeys.count(actor.userId)).toBe(0);
  });

  it("a challenge answers only for the browser token and account it was issued to", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    await enrol(actor, device);
    const signIn = await signInOptions({ userId: actor.userId, token: "this browser" });
    const signature = device.authenticate({ ...SITE, challenge: signIn.challenge });
    expect(await core.passkeys.verify({ userId: actor.userId, token: "another browser" }, signature)).toEqual(
      {
        status: "challenge-expired",
      },
    );
  });

  it("an answer made for another origin or another RP ID is refused", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    const phished = await core.passkeys.registrationOptions(actor);
    const fromCopy = device.register({
      ...SITE,
      origin: "https://deals-aea.test",
      challenge: phished.challenge,
    });
    expect(await core.passkeys.register(actor, "Copy", fromCopy)).toEqual({ status: "not-verified" });

    const otherRp = await core.passkeys.registrationOptions(actor);
    const forOtherRp = device.register({ ...SITE, rpId: "aea.test", challenge: otherRp.challenge });
    expect(await core.passkeys.register(actor, "Other", forOtherRp)).toEqual({ status: "not-verified" });
    expect(await core.passkeys.count(actor.userId)).toBe(0);

    await enrol(actor, device);
    const owner = { userId: actor.userId, token: "t" };
    const signIn = await signInOptions(owner);
    const phishedSignature = device.authenticate({
      ...SITE,
      origin: "https://evil.test",
      challenge: signIn.challenge,
    });
    expect(await core.passkeys.verify(owner, phishedSignature)).toEqual({ status: "not-verified" });
  });

  it("a signature by another key under a registered credential id is refused", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    await enrol(actor, device);
    const owner = { userId: actor.userId, token: "t" };
    const signIn = await signInOptions(owner);
    const forged = new SoftwareAuthenticator().authenticate({ ...SITE, challenge: signIn.challenge });
    const claimed = { ...forged, id: device.credentialId, rawId: device.credentialId };
    expect(await core.passkeys.verify(owner, claimed)).toEqual({ status: "not-verified" });
  });

  it("another account's passkey does not answer for this account", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const otherDevice = new SoftwareAuthenticator();
    await enrol(owner, new SoftwareAuthenticator());
    await enrol(other, otherDevice);
    const ceremony = { userId: owner.userId, token: "t" };
    const signIn = await signInOptions(ceremony);
    const answer = otherDevice.authenticate({ ...SITE, challenge: signIn.challenge });
    expect(await core.passkeys.verify(ceremony, answer)).toEqual({ status: "unknown-passkey" });
  });

  it("a counter that goes backwards (a copied authenticator) is refused and recorded", async () => {
    const actor = await signedIn();
    const device = new SoftwareAuthenticator();
    await enrol(actor, device);
    const owner = { userId: actor.userId, token: "t" };
    const first = await signInOptions(owner);
    device.counter = 10;
    await core.passkeys.verify(owner, device.authenticate({ ...SITE, challenge: first.challenge }));

    device.counter = 5;
    const second = await signInOptions(owner);
    const copied = device.authenticate({ ...SITE, challenge: second.challenge });
    expect(await core.passkeys.verify(owner, copied)).toEqual({ status: "counter-went-backwards" });
    const recorded = await core.accounts.recentActivity(20);
    expect(recorded.find((e) => e.userId === actor.userId)).toMatchObject({
      action: "passkey-counter-went-backwards",
      detail: "Work laptop: 5 after 10",
    });

    // The counter kept its high mark: the real device (counter 11 next) still signs in.
    device.counter = 11;
    const third = await signInOptions(owner);
    expect(
      await core.passkeys.verify(owner, device.authenticate({ ...SITE, challenge: third.challenge })),
    ).toMatchObject({ status: "verified" });
  });

  it("the owner renames and removes their own passkeys only", async () => {
    const actor = await signedIn();
    const other = await signedIn();
    await enrol(actor, new SoftwareAuthenticator());
    const [passkey] = await core.passkeys.list(actor.userId);
    const id = passkey?.id ?? 0;
    await expect(core.passkeys.rename(other, id, "Mine now")).rejects.toMatchObject({ status: 404 });
    await expect(core.passkeys.remove(other, id)).rejects.toMatchObject({ status: 404 });

    await core.passkeys.rename(actor, id, "Phone");
    expect((await core.passkeys.list(actor.userId))[0]?.name).toBe("Phone");
    await core.passkeys.remove(actor, id);
    expect(await core.passkeys.list(actor.userId)).toEqual([]);
    expect(await core.passkeys.authenticationOptions({ userId: actor.userId, token: "t" })).toBeUndefined();
  });

  it("an admin viewing the site as a buyer cannot enrol, rename or remove the buyer's passkeys", async () => {
    const buyer = await signedIn();
    await enrol(buyer, new SoftwareAuthenticator());
    const [passkey] = await core.passkeys.list(buyer.userId);
    const admin = await insertTestAccount(core, { password: PASSWORD, isAdmin: true });
    const viewAs = {
      userId: buyer.userId,
      sessionToken: await core.sessions.startSession(buyer.userId, false, {
        impersonation: {
          impersonatorId: admin.id,
          staffSessionToken: await core.sessions.startSession(admin.id, false),
        },
        authenticatedAt: null,
      }),
    };
    const refused = { status: 403, message: VIEWING_AS_READ_ONLY };
    await expect(core.passkeys.registrationOptions(viewAs)).rejects.toMatchObject(refused);
    await expect(core.passkeys.rename(viewAs, passkey?.id ?? 0, "Staff's")).rejects.toMatchObject(refused);
    await expect(core.passkeys.remove(viewAs, passkey?.id ?? 0)).rejects.toMatchObject(refused);
    expect(await core.passkeys.list(buyer.userId)).toMatchObject([{ name: "Work laptop" }]);
  });

  it("a staff member whose only factor is a passkey counts as enrolled", async () => {
    const admin = await insertTestAccount(core, { password: PASSWORD, isAdmin: true });
    const login = await core.logins.login(admin.email, PASSWORD, false);
    if (login.status !== "ok") throw new Error(login.status);
    const staff = core.sessions.sessionUser(admin);
    expect(await core.secondFactor.enrolmentRequired(staff)).toBe(true);
    await enrol({ userId: admin.id, sessionToken: login.token }, new SoftwareAuthenticator());
    expect(await core.secondFactor.factorsOf(admin.id)).toMatchObject({ totp: false, passkeys: 1 });
    expect(await core.secondFactor.enrolmentRequired(staff)).toBe(false);
    // The next login asks for the passkey.
    expect(await core.logins.login(admin.email, PASSWORD, false)).toMatchObject({
      status: "second-factor-required",
      factors: { passkeys: 1 },
    });
  });

  it("removing a passkey needs a recent check", async () => {
    const actor = await signedIn();
    await enrol(actor, new SoftwareAuthenticator());
    const [passkey] = await core.passkeys.list(actor.userId);
    clock.advance(11 * 60_000);
    await expect(core.passkeys.remove(actor, passkey?.id ?? 0)).rejects.toMatchObject({
      status: 403,
      code: "SECOND_FACTOR_REQUIRED",
    });
    expect(await core.passkeys.count(actor.userId)).toBe(1);
  });

  it("a session of another account cannot enrol for this one", async () => {
    const actor = await signedIn();
    const other = await signedIn();
    await expect(
      core.passkeys.registrationOptions({ userId: actor.userId, sessionToken: other.sessionToken }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe("passkeys on a site served at an IP address", () => {
  it("are not offered: browsers accept no IP address as a relying party", async () => {
    const [sqlite] = testEngines();
    const core = await sqlite?.create({ PUBLIC_URL: "http://127.0.0.1:3000" });
    if (!core) throw new Error("no engine");
    try {
      expect(core.passkeys.available).toBe(false);
      await expect(core.passkeys.authenticationOptions({ userId: 1, token: "t" })).rejects.toMatchObject({
        status: 409,
        message: PASSKEYS_UNAVAILABLE,
      });
    } finally {
      await core.close();
    }
  });
});

import {
  ceremonyAt,
  insertTestAccount,
  ManualClock,
  SoftwareAuthenticator,
  testEngines,
} from "@aea/core/testing";
import {
  PASSKEY_ADDED,
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT,
  VIEWING_AS_READ_ONLY,
} from "@aea/domain";
import { describe, expect, it } from "vitest";
import { changedTables, databaseState } from "../../testing/database-state.ts";
import { serveTestApp } from "../../testing/test-app.ts";

const PASSWORD = "Right2030";
const PUBLIC_URL = "http://localhost:3000";

function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers["set-cookie"];
  return (Array.isArray(header) ? header[0] : String(header ?? "")).split(";")[0] ?? "";
}

describe.each(testEngines())("passkey API on $name", (engine) => {
  let address = 0;

  const clock = new ManualClock();

  const served = serveTestApp(
    engine,
    { PUBLIC_URL, SEED_DEMO_ACCOUNTS: "false" },
    { withWebApp: false, core: { clock } },
  );

  const post = (url: string, cookie: string, payload?: object) =>
    served.app.inject({
      method: "POST",
      url,
      headers: { cookie, origin: PUBLIC_URL },
      payload,
      remoteAddress: `10.19.0.${++address}`,
    });

  /** A new buyer logged in through the API: the session cookie. */
  const logIn = async () => {
    const user = await insertTestAccount(served.core, { password: PASSWORD });
    const response = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: { origin: PUBLIC_URL },
      payload: { email: user.email, password: PASSWORD, rememberMe: false, applicationName: "AEA" },
      remoteAddress: `10.19.1.${++address}`,
    });
    return { id: user.id, cookie: cookieFrom(response) };
  };

  /** Asks for options as `cookie` and answers them with `device` (under `credentialId` if given). */
  const registration = async (cookie: string, device: SoftwareAuthenticator, credentialId?: string) => {
    const options = await post("/api/Auth/PasskeyRegistrationOptions", cookie);
    expect(options.statusCode, options.body).toBe(200);
    const { challenge } = options.json() as { challenge: string };
    return {
      name: "Work laptop",
      response: device.register(ceremonyAt(PUBLIC_URL, challenge), credentialId),
    };
  };

  it("adds a passkey for the signed-in buyer", async () => {
    const buyer = await logIn();
    const options = await post("/api/Auth/PasskeyRegistrationOptions", buyer.cookie);
    expect(options.json()).toMatchObject({
      rp: { id: "localhost", name: served.core.config.firmName },
      attestation: "none",
      excludeCredentials: [],
    });
    const body = await registration(buyer.cookie, new SoftwareAuthenticator());
    const added = await post("/api/Auth/RegisterPasskey", buyer.cookie, body);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ message: PASSKEY_ADDED, passkey: { name: "Work laptop" } });
    expect(await served.core.passkeys.count(buyer.id)).toBe(1);
  });

  it("refuses a passkey registered for another account with a clear message, and changes nothing", async () => {
    const victim = await logIn();
    const victimDevice = new SoftwareAuthenticator();
    await post("/api/Auth/RegisterPasskey", victim.cookie, await registration(victim.cookie, victimDevice));

    const attacker = await logIn();
    const forged = await registration(
      attacker.cookie,
      new SoftwareAuthenticator(),
      victimDevice.credentialId,
    );
    const before = await databaseState(served.core);
    const refused = await post("/api/Auth/RegisterPasskey", attacker.cookie, forged);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT,
      code: "PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT",
    });
    expect(changedTables(before, await databaseState(served.core))).toEqual([]);
    expect(await served.core.passkeys.count(attacker.id)).toBe(0);
  });

  it("refuses a replayed registration and an answer to another session's challenge", async () => {
    const buyer = await logIn();
    const body = await registration(buyer.cookie, new SoftwareAuthenticator());
    expect((await post("/api/Auth/RegisterPasskey", buyer.cookie, body)).statusCode).toBe(201);
    const replay = await post("/api/Auth/RegisterPasskey", buyer.cookie, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED, code: "PASSKEY_CHALLENGE_EXPIRED" });

    // The same account signed in on a second browser cannot finish the first browser's ceremony.
    const secondBrowser = `aea_session=${await served.core.sessions.startSession(buyer.id, false)}`;
    const firstBrowsers = await registration(buyer.cookie, new SoftwareAuthenticator());
    const stolen = await post("/api/Auth/RegisterPasskey", secondBrowser, firstBrowsers);
    expect(stolen.json()).toMatchObject({ code: "PASSKEY_CHALLENGE_EXPIRED" });
    expect(await served.core.passkeys.count(buyer.id)).toBe(1);
  });

  it("refuses enrolment while an admin views the site as the buyer", async () => {
    const buyer = await logIn();
    const admin = await insertTestAccount(served.core, { password: PASSWORD, isAdmin: true });
    const token = await served.core.sessions.startSession(buyer.id, false, {
      impersonation: {
        impersonatorId: admin.id,
        staffSessionToken: await served.core.sessions.startSession(admin.id, false),
      },
      authenticatedAt: null,
    });
    const refused = await post("/api/Auth/PasskeyRegistrationOptions", `aea_session=${token}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: VIEWING_AS_READ_ONLY });
  });

  /** Logs `email` in with the password: the pending login the API answers for an account with a factor. */
  const pendingLogin = async (email: string) => {
    const response = await served.app.inject({
      method: "POST",
      url: "/api/Auth/Login",
      headers: { origin: PUBLIC_URL },
      payload: { email, password: PASSWORD, rememberMe: false, applicationName: "AEA" },
      remoteAddress: `10.19.3.${++address}`,
    });
    const body = response.json() as { code?: string; pendingLogin: string; factors: { passkeys: number } };
    expect(body).toMatchObject({ code: "SECOND_FACTOR_REQUIRED", factors: { passkeys: 1 } });
    return body.pendingLogin;
  };

  /** A buyer with one passkey: their email, id and the passkey. */
  const buyerWithPasskey = async () => {
    const buyer = await logIn();
    const device = new SoftwareAuthenticator();
    await post("/api/Auth/RegisterPasskey", buyer.cookie, await registration(buyer.cookie, device));
    const email = (await served.core.accounts.findUser(buyer.id))?.email ?? "";
    return { ...buyer, email, device };
  };

  /** Step two with `device`: options for the pending login, then the device's answer. */
  const passkeyStep = async (pending: string, device: SoftwareAuthenticator) => {
    const options = await post("/api/Auth/PasskeyLoginOptions", "", { pendingLogin: pending });
    expect(options.statusCode, options.body).toBe(200);
    const { challenge } = options.json() as { challenge: string };
    return { pendingLogin: pending, response: device.authenticate(ceremonyAt(PUBLIC_URL, challenge)) };
  };

  it("logs in with the password, then a passkey; the answer cannot be replayed", async () => {
    const buyer = await buyerWithPasskey();
    const step = await passkeyStep(await pendingLogin(buyer.email), buyer.device);
    const done = await post("/api/Auth/LoginWithPasskey", "", step);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ msg: "Success", user: { id: buyer.id } });
    const session = cookieFrom(done);
    const me = await served.app.inject({
      method: "GET",
      url: "/api/Auth/CurrentUser",
      headers: { cookie: session },
    });
    expect(me.json()).toMatchObject({ id: buyer.id });

    // The same answer again: its pending login is used up.
    const replay = await post("/api/Auth/LoginWithPasskey", "", step);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "LOGIN_EXPIRED" });
    // …and under a new pending login, its challenge is not that login's.
    const again = await post("/api/Auth/LoginWithPasskey", "", {
      ...step,
      pendingLogin: await pendingLogin(buyer.email),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED, code: "PASSKEY_CHALLENGE_EXPIRED" });
  });

  it("refuses another account's passkey at step two, and 10 failures lock the account", async () => {
    const buyer = await buyerWithPasskey();
    const other = await buyerWithPasskey();
    const pending = await pendingLogin(buyer.email);
    for (let failure = 1; failure < 10; failure++) {
      const refused = await post("/api/Auth/LoginWithPasskey", "", await passkeyStep(pending, other.device));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "PASSKEY_UNKNOWN" });
    }
    const tenth = await post("/api/Auth/LoginWithPasskey", "", await passkeyStep(pending, other.device));
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({ code: "ACCOUNT_LOCKED" });
  });

  it("a passkey gives the session a fresh check before sensitive steps", async () => {
    const buyer = await buyerWithPasskey();
    const actor = { userId: buyer.id, sessionToken: buyer.cookie.split("=")[1] };
    clock.advance(11 * 60_000);
    expect(await served.core.secondFactor.hasRecentCheck(actor)).toBe(false);
    const options = await post("/api/Auth/PasskeyStepUpOptions", buyer.cookie);
    const { challenge } = options.json() as { challenge: string };
    const response = buyer.device.authenticate(ceremonyAt(PUBLIC_URL, challenge));
    const stepUp = await post("/api/Auth/PasskeyStepUp", buyer.cookie, { response });
    expect(stepUp.statusCode, stepUp.body).toBe(204);
    expect(await served.core.secondFactor.hasRecentCheck(actor)).toBe(true);
  });

  it("refuses a malformed answer with the field named", async () => {
    const buyer = await logIn();
    const refused = await post("/api/Auth/RegisterPasskey", buyer.cookie, {
      name: "Key",
      response: { id: "not base64url!", rawId: "x", type: "public-key", response: {} },
    });
    expect(refused.statusCode).toBe(400);
    const { issues } = refused.json() as { issues: { path: string }[] };
    expect(issues.map((i) => i.path)).toContain("/response/id");
    expect(await served.core.passkeys.count(buyer.id)).toBe(0);
  });
});

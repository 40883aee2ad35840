import { ceremonyAt, enrolTestAuthenticator, SoftwareAuthenticator, testDatabase } from "@aea/core/testing";
import type { ApiWriteCase } from "../api-write-matrix.ts";
import type { MatrixFixtures } from "../matrix-fixtures.ts";
import { ROLE_PASSWORD, type Role } from "../role-sessions.ts";

const profile = {
  companyName: "Matrix Oil LLC",
  firstName: "Role",
  lastName: "Tester",
  title: "Landman",
  contactPhone: "+1 713 555 0100",
  userRequestedAddress: "1 Main St",
  userRequestedCity: "Houston",
  userRequestedState: "TX",
  userRequestedZip: "77002",
  companyLocationAddress: "1 Main St",
  companyLocationCity: "Houston",
  companyLocationState: "TX",
  companyLocationZip: "77002",
};

/** The role's session token (none for anonymous visitors). */
const sessionTokenOf = (f: MatrixFixtures, role: Role) => f.sessions.cookie(role)?.split("=")[1];

/**
 * The body of RegisterPasskey: a software authenticator's answer to a live challenge of the role's
 * own session (anonymous visitors have none: theirs answers a challenge nobody issued).
 */
async function passkeyRegistration(f: MatrixFixtures, role: Role, device = new SoftwareAuthenticator()) {
  const challenge =
    role === "anonymous"
      ? "bm8tc3VjaC1jaGFsbGVuZ2U"
      : (
          await f.core.passkeys.registrationOptions({
            userId: f.sessions.account(role).id,
            sessionToken: sessionTokenOf(f, role),
          })
        ).challenge;
  return { name: "Matrix key", response: device.register(ceremonyAt(f.core.config.publicUrl, challenge)) };
}

/** Gives a signed-in role a passkey (removed again by `removeRolePasskeys`) and returns it. */
async function rolePasskey(f: MatrixFixtures, role: Role) {
  const device = new SoftwareAuthenticator();
  if (role === "anonymous") return device;
  const actor = { userId: f.sessions.account(role).id, sessionToken: sessionTokenOf(f, role) };
  const { name, response } = await passkeyRegistration(f, role, device);
  await f.core.passkeys.register(actor, name, response);
  return device;
}

const removeRolePasskeys = async (f: MatrixFixtures, role: Role) => {
  if (role === "anonymous") return;
  await testDatabase(f.core)
    .db.deleteFrom("passkeys")
    .where("userId", "=", f.sessions.account(role).id)
    .execute();
};

/** A new account with a passkey whose password was just given: the pending login and the passkey. */
async function pendingPasskeyLogin(f: MatrixFixtures) {
  const { email } = await f.newAccount(true);
  const first = await f.core.logins.login(email, ROLE_PASSWORD, false);
  if (first.status !== "ok") throw new Error(`login: ${first.status}`);
  const actor = { userId: first.user.id, sessionToken: first.token };
  const device = new SoftwareAuthenticator();
  const options = await f.core.passkeys.registrationOptions(actor);
  await f.core.passkeys.register(
    actor,
    "Key",
    device.register(ceremonyAt(f.core.config.publicUrl, options.challenge)),
  );
  const second = await f.core.logins.login(email, ROLE_PASSWORD, false);
  if (second.status !== "second-factor-required") throw new Error(`login: ${second.status}`);
  return { pendingLogin: second.pendingLogin, device };
}

/** Logging in and out, signing up, passwords, emails, profiles, interests and passkeys. */
export const accountWrites: ApiWriteCase[] = [
  {
    route: "POST /api/Auth/Login",
    admitted: 200,
    request: (f) => ({
      url: "/api/Auth/Login",
      payload: { email: f.target.email, password: f.target.password, rememberMe: false },
    }),
  },
  {
    route: "POST /api/login",
    admitted: 200,
    request: (f) => ({
      url: "/api/login",
      payload: { username: f.target.email, password: f.target.password },
    }),
  },
  {
    route: "POST /api/Auth/LoginSecondFactor",
    name: "a recovery code of an account with an authenticator",
    // Step two of somebody's login: the answer is about the pending login and its code, not who asks.
    admitted: 200,
    request: async (f) => {
      const account = await f.newAccount(true);
      const { recoveryCodes } = await enrolTestAuthenticator(f.core, account);
      const login = await f.core.logins.login(account.email, ROLE_PASSWORD, false);
      if (login.status !== "second-factor-required") throw new Error(login.status);
      return {
        url: "/api/Auth/LoginSecondFactor",
        payload: { pendingLogin: login.pendingLogin, code: recoveryCodes[0] },
      };
    },
  },
  {
    route: "POST /api/Auth/StepUp",
    name: "the password of an account without a second factor",
    admitted: 204,
    request: () => ({ url: "/api/Auth/StepUp", payload: { password: ROLE_PASSWORD } }),
  },
  {
    route: "POST /api/Auth/Logout",
    admitted: 204,
    changesAccount: true,
    request: () => ({ url: "/api/Auth/Logout" }),
  },
  {
    route: "POST /api/Auth/UpdateProfile",
    admitted: 200,
    request: () => ({ url: "/api/Auth/UpdateProfile", payload: profile }),
  },
  {
    route: "POST /api/Auth/UpdateUserInfo",
    admitted: 200,
    request: () => ({ url: "/api/Auth/UpdateUserInfo", payload: { firstName: "Rolf", lastName: "Tester" } }),
  },
  {
    route: "POST /api/Auth/UpdateAddtionalUserInfo",
    admitted: 200,
    request: () => ({
      url: "/api/Auth/UpdateAddtionalUserInfo",
      payload: { companyName: "Matrix Gas LLC", title: "Engineer" },
    }),
  },
  {
    route: "POST /api/Auth/Signup",
    admitted: 201,
    request: (f) => ({
      url: "/api/Auth/Signup",
      payload: {
        firstName: "New",
        lastName: "Buyer",
        email: `${f.unique("signup")}@example.test`,
        password: ROLE_PASSWORD,
        confirmPassword: ROLE_PASSWORD,
      },
    }),
  },
  {
    route: "POST /api/Auth/VerifyUser",
    admitted: 200,
    request: async (f) => ({ url: `/api/Auth/VerifyUser?token=${await f.verificationToken()}` }),
  },
  {
    route: "POST /api/Auth/ResendVerification",
    admitted: 204,
    request: async (f) => ({
      url: `/api/Auth/ResendVerification?email=${(await f.newAccount(false)).email}`,
    }),
  },
  {
    route: "POST /api/Auth/SendResetPasswordEmail",
    admitted: 200,
    request: async (f) => ({
      url: `/api/Auth/SendResetPasswordEmail?email=${(await f.newAccount(true)).email}`,
    }),
  },
  {
    route: "POST /api/Auth/UpdatePassword",
    name: "change the signed-in user's password",
    admitted: 200,
    asks: "signed-in",
    changesAccount: true,
    request: () => ({ url: "/api/Auth/UpdatePassword?password=Changed2026" }),
  },
  {
    route: "POST /api/Auth/UpdatePassword",
    name: "reset a password with a mailed token",
    admitted: 200,
    request: async (f) => ({
      url: "/api/Auth/UpdatePassword?password=Changed2026",
      headers: { authorization: `Bearer ${await f.resetToken()}` },
    }),
  },
  {
    route: "POST /api/Auth/ChangeEmail",
    name: "change one's own email",
    admitted: 200,
    changesAccount: true,
    request: (f, role) => ({
      url: `/api/Auth/ChangeEmail?userId=${role === "anonymous" ? f.victim.id : f.sessions.account(role).id}&newEmail=${f.unique("own")}@example.test`,
      payload: {},
    }),
  },
  {
    route: "POST /api/Auth/ChangeEmail",
    name: "change another user's email",
    admitted: 200,
    asks: "admin",
    request: (f) => ({
      url: `/api/Auth/ChangeEmail?userId=${f.victim.id}&newEmail=${f.unique("other")}@example.test`,
      payload: {},
    }),
  },
  {
    route: "POST /api/Auth/checkUserId",
    name: "ask about another user",
    admitted: 200,
    asks: "admin",
    request: (f) => ({ url: `/api/Auth/checkUserId?accessuserid=${f.victim.id}` }),
  },
  {
    route: "POST /api/UserInterests/Update",
    admitted: 200,
    request: () => ({
      url: "/api/UserInterests/Update",
      payload: { selectedRegions: [], buy_producing: true },
    }),
  },
  {
    route: "POST /api/Auth/PasskeyRegistrationOptions",
    admitted: 200,
    request: () => ({ url: "/api/Auth/PasskeyRegistrationOptions" }),
  },
  {
    route: "POST /api/Auth/RegisterPasskey",
    admitted: 201,
    cleanUp: removeRolePasskeys,
    request: async (f, role) => ({
      url: "/api/Auth/RegisterPasskey",
      payload: await passkeyRegistration(f, role),
    }),
  },
  {
    route: "POST /api/Auth/PasskeyLoginOptions",
    admitted: 200,
    request: async (f) => ({
      url: "/api/Auth/PasskeyLoginOptions",
      payload: { pendingLogin: (await pendingPasskeyLogin(f)).pendingLogin },
    }),
  },
  {
    route: "POST /api/Auth/LoginWithPasskey",
    admitted: 200,
    request: async (f) => {
      const { pendingLogin, device } = await pendingPasskeyLogin(f);
      const options = await f.core.passkeys.loginOptions(pendingLogin);
      const response = device.authenticate(ceremonyAt(f.core.config.publicUrl, options.challenge));
      return { url: "/api/Auth/LoginWithPasskey", payload: { pendingLogin, response } };
    },
  },
  {
    route: "POST /api/Auth/PasskeyStepUpOptions",
    admitted: 200,
    cleanUp: removeRolePasskeys,
    request: async (f, role) => {
      await rolePasskey(f, role);
      return { url: "/api/Auth/PasskeyStepUpOptions" };
    },
  },
  {
    route: "POST /api/Auth/PasskeyStepUp",
    admitted: 204,
    cleanUp: removeRolePasskeys,
    request: async (f, role) => {
      const device = await rolePasskey(f, role);
      const challenge =
        role === "anonymous"
          ? "bm8tc3VjaC1jaGFsbGVuZ2U"
          : (
              await f.core.passkeys.stepUpOptions({
                userId: f.sessions.account(role).id,
                sessionToken: sessionTokenOf(f, role),
              })
            ).challenge;
      const response = device.authenticate(ceremonyAt(f.core.config.publicUrl, challenge));
      return { url: "/api/Auth/PasskeyStepUp", payload: { response } };
    },
  },
];

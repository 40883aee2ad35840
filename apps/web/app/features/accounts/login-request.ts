import {
  type LoginInput,
  type LoginSecondFactorInput,
  NOT_VERIFIED,
  refusalAnsweredInForm,
  SERVER_ERROR,
  type SessionUser,
} from "@aea/domain";
import type { LoginFailure } from "./login-failure-notice";

export type LoginAnswer =
  | { kind: "ok"; user: SessionUser }
  | { kind: "second-factor"; pendingLogin: string; passkeys: number }
  | { kind: "not-verified"; email: string }
  | { kind: "failed"; failure: LoginFailure; restart?: boolean };

/** A new object each time: each refusal opens the 'Login Failed' dialog again. */
const serverFailure = (): LoginFailure => ({ message: SERVER_ERROR, dialog: true });

/**
 * POST /api/Auth/Login (or, for step two, /api/Auth/LoginSecondFactor), read into what the modal does
 * next (spec §4, §8; the words are the API's).
 */
export async function requestLogin(
  url: "/api/Auth/Login" | "/api/Auth/LoginSecondFactor",
  values: LoginInput | LoginSecondFactorInput,
): Promise<LoginAnswer> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(values),
    });
    const body = (await response.json().catch(() => ({}))) as {
      msg?: string;
      user?: SessionUser;
      email?: string;
      message?: string;
      code?: string;
      pendingLogin?: string;
      factors?: { passkeys: number };
    };
    if (response.ok && body.code === "SECOND_FACTOR_REQUIRED" && body.pendingLogin)
      return {
        kind: "second-factor",
        pendingLogin: body.pendingLogin,
        passkeys: body.factors?.passkeys ?? 0,
      };
    if (response.ok && body.msg === NOT_VERIFIED && "email" in values)
      return { kind: "not-verified", email: body.email ?? values.email };
    // A lock, too many attempts or an expired pending login sends the modal back to the password (`restart`).
    if (response.status === 429 || body.code === "LOGIN_EXPIRED")
      return {
        kind: "failed",
        failure: { message: body.message ?? SERVER_ERROR, clearPassword: false, dialog: true },
        restart: true,
      };
    if (response.ok && body.user) return { kind: "ok", user: body.user };
    // 401 wrong credentials or code, 403 a disabled account: the server's words, as the login page shows
    // them; only a wrong password, email or code is answered under the form (spec §8).
    if ([401, 403].includes(response.status) && body.message)
      return {
        kind: "failed",
        failure: {
          message: body.message,
          clearPassword: true,
          dialog: !refusalAnsweredInForm(body.code),
        },
      };
    return { kind: "failed", failure: serverFailure() };
  } catch {
    return { kind: "failed", failure: serverFailure() };
  }
}

/** A call of the modal: the password step or the second factor, with its values. */
export type LoginStep = Parameters<typeof requestLogin>;

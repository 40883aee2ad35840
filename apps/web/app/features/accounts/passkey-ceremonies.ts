import { PASSKEY_CANCELLED, SERVER_ERROR, type SessionUser } from "@aea/domain";
import { useEffect, useState } from "react";

/**
 * The browser's side of passkeys: the options from the server, the browser's prompt
 * (@simplewebauthn/browser, loaded only by the pages that offer a passkey), the answer back to the
 * server. Each ceremony answers what happened in the server's words.
 */

const loadWebAuthn = () => import("@simplewebauthn/browser");

/** Whether this browser offers WebAuthn: false until the page has hydrated and the check has run. */
export function useWebAuthnSupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    let live = true;
    loadWebAuthn().then(
      (webAuthn) => live && setSupported(webAuthn.browserSupportsWebAuthn()),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

export type CeremonyResult<T> =
  | { ok: true; value: T }
  /** `code`: the API's error code (LOGIN_EXPIRED and ACCOUNT_LOCKED end a login's step two). */
  | { ok: false; message: string; code?: string };

async function postJson(url: string, body?: unknown): Promise<CeremonyResult<Record<string, unknown>>> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return { ok: true, value: answer };
    const message = typeof answer.message === "string" ? answer.message : SERVER_ERROR;
    return { ok: false, message, code: typeof answer.code === "string" ? answer.code : undefined };
  } catch {
    return { ok: false, message: SERVER_ERROR };
  }
}

/** The browser's prompt; a closed or refused prompt is the person's choice, said as such. */
async function prompt<T>(run: () => Promise<T>): Promise<CeremonyResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const cancelled = error instanceof Error && ["NotAllowedError", "AbortError"].includes(error.name);
    return { ok: false, message: cancelled ? PASSKEY_CANCELLED : SERVER_ERROR };
  }
}

/** Options from `optionsUrl`, the browser's sign-in prompt, the answer to `answerUrl` with `extra`. */
async function authenticate(
  optionsUrl: string,
  answerUrl: string,
  extra: Record<string, unknown>,
): Promise<CeremonyResult<Record<string, unknown>>> {
  const options = await postJson(optionsUrl, extra);
  if (!options.ok) return options;
  const { startAuthentication } = await loadWebAuthn();
  const answer = await prompt(() => startAuthentication({ optionsJSON: options.value as never }));
  if (!answer.ok) return answer;
  return postJson(answerUrl, { ...extra, response: answer.value });
}

/** Step two of a login with a passkey; success has started the session (its cookie is set). */
export async function logInWithPasskey(pendingLogin: string): Promise<CeremonyResult<SessionUser>> {
  const result = await authenticate("/api/Auth/PasskeyLoginOptions", "/api/Auth/LoginWithPasskey", {
    pendingLogin,
  });
  return result.ok ? { ok: true, value: result.value.user as SessionUser } : result;
}

/**
 * The challenge of a fresh check in this session, asked for as soon as a step-up form shows: the
 * prompt can then open at once on a click, and an account without a passkey is told so (NO_PASSKEY).
 */
export function passkeyStepUpOptions(): Promise<CeremonyResult<Record<string, unknown>>> {
  return postJson("/api/Auth/PasskeyStepUpOptions");
}

/** A fresh second-factor check of this session: the browser's prompt for `options`, then the answer. */
export async function stepUpWithPasskey(options: Record<string, unknown>): Promise<CeremonyResult<unknown>> {
  const { startAuthentication } = await loadWebAuthn();
  const answer = await prompt(() => startAuthentication({ optionsJSON: options as never }));
  if (!answer.ok) return answer;
  return postJson("/api/Auth/PasskeyStepUp", { response: answer.value });
}

/** Registers a new passkey of this browser (or a security key) under `name`; answers the server's words. */
export async function addPasskey(name: string): Promise<CeremonyResult<string>> {
  const options = await postJson("/api/Auth/PasskeyRegistrationOptions");
  if (!options.ok) return options;
  const { startRegistration } = await loadWebAuthn();
  const answer = await prompt(() => startRegistration({ optionsJSON: options.value as never }));
  if (!answer.ok) return answer;
  const added = await postJson("/api/Auth/RegisterPasskey", { name, response: answer.value });
  return added.ok ? { ok: true, value: String(added.value.message) } : added;
}

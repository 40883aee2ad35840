import type { Core } from "@aea/core";
import {
  PASSKEY_ADDED,
  type PasskeyRefusal,
  passkeyLoginOptionsSchema,
  passkeyLoginSchema,
  passkeyRefusal,
  passkeyRegistrationSchema,
  passkeyStepUpSchema,
  type SecondFactorRefusal,
  secondFactorRefusal,
} from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { authRateLimit } from "../../plugins/rate-limits.ts";
import { browserOf, setLoginCookies } from "../../plugins/sessions.ts";
import { failureReply, invalidRequestReply } from "../shared/replies.ts";
import { sessionUser } from "./session-user.schema.ts";

const tags = ["Auth"];
const passkey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
/** WebAuthn's PublicKeyCredentialCreationOptionsJSON, handed to navigator.credentials.create(). */
const creationOptions = z
  .object({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
  })
  .loose();
/** WebAuthn's PublicKeyCredentialRequestOptionsJSON, handed to navigator.credentials.get(). */
const requestOptions = z
  .object({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: z.string().optional(),
  })
  .loose();
const checkRefusals = {
  400: invalidRequestReply,
  401: failureReply,
  403: failureReply,
  409: failureReply,
  429: failureReply,
};

/** The signed-in owner and the session they act from (the service refuses "View as" sessions). */
function actorOf(request: FastifyRequest) {
  const user = admittedUser(request);
  return { userId: user.id, sessionToken: request.sessionToken ?? undefined };
}

/** A refused passkey, or a refusal of the framework (locked account, expired login), as the API says it. */
function refuse(reply: FastifyReply, status: PasskeyRefusal | SecondFactorRefusal) {
  const refusal =
    status === "locked" || status === "login-expired"
      ? secondFactorRefusal(status)
      : passkeyRefusal(status as PasskeyRefusal);
  return reply.code(refusal.httpStatus).send({ message: refusal.message, code: refusal.code });
}

/**
 * Passkeys (WebAuthn) as a second factor (decision 024's seams): enrolment by the signed-in owner, step two
 * of a login, and the fresh check of sensitive staff steps. Each ceremony is options, then the
 * browser's answer. Browsers accept a relying party only under a domain name: a site whose
 * PUBLIC_URL is an IP address answers 409 PASSKEYS_UNAVAILABLE.
 */
export async function passkeyRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Answers are guessed like codes: each counts against the per-address limit of the account API.
  const rateLimited = { rateLimit: authRateLimit(core.config.authRateLimitPerMinute) };
  // A passkey that proves a login or a step-up is one more way in: it counts in the one login bucket
  // of its address, with passwords and codes (plugins/rate-limits.ts).
  const proofRateLimited = { onRequest: app.loginRateLimit };

  api.post(
    "/api/Auth/PasskeyRegistrationOptions",
    {
      config: { access: "signed-in", ...rateLimited },
      schema: {
        tags,
        summary: "Start adding a passkey to the signed-in account",
        description:
          "Answers the options for `navigator.credentials.create()` (@simplewebauthn/browser's `startRegistration`). The challenge is bound to this session and account, lives 5 minutes and works once. The account's passkeys are excluded, so the browser will not register one twice. 403 `IMPERSONATING` while an admin views the site as the account. Open to staff who still owe their second factor: a passkey may be their first.",
        response: {
          200: creationOptions,
          401: failureReply,
          403: failureReply,
          409: failureReply,
          429: failureReply,
        },
      },
    },
    async (request) => ({ ...(await core.passkeys.registrationOptions(actorOf(request))) }),
  );

  api.post(
    "/api/Auth/RegisterPasskey",
    {
      config: { access: "signed-in", ...rateLimited },
      schema: {
        tags,
        summary: "Finish adding a passkey",
        description:
          "The body carries the name the owner chose and the browser's answer (`RegistrationResponseJSON`). The answer must sign this session's live challenge for this site's origin and RP ID (PUBLIC_URL), else 400 `PASSKEY_CHALLENGE_EXPIRED` (expired, used or someone else's) or 400 `PASSKEY_NOT_VERIFIED`. A credential already registered answers 409 `PASSKEY_ALREADY_REGISTERED` (to this account) or 409 `PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT`; nothing changes. Success counts as a fresh second-factor check of this session.",
        body: passkeyRegistrationSchema,
        response: { 201: failureReply.extend({ passkey }), ...checkRefusals },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      const result = await core.passkeys.register(actorOf(request), name, response);
      if (result.status !== "added") return refuse(reply, result.status);
      return reply.code(201).send({ message: PASSKEY_ADDED, passkey: result.passkey });
    },
  );

  api.post(
    "/api/Auth/PasskeyLoginOptions",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Log in, step two with a passkey: the challenge",
        description:
          "For a login that /api/Auth/Login answered with `SECOND_FACTOR_REQUIRED` and `factors.passkeys` > 0: the options for `navigator.credentials.get()`, listing the account's passkeys. The challenge is bound to this pending login. 401 `LOGIN_EXPIRED` when the pending login is gone, 409 `NO_PASSKEY` for an account without one.",
        body: passkeyLoginOptionsSchema,
        response: {
          200: requestOptions,
          400: invalidRequestReply,
          401: failureReply,
          409: failureReply,
          429: failureReply,
        },
      },
    },
    async (request) => ({ ...(await core.passkeys.loginOptions(request.body.pendingLogin)) }),
  );

  api.post(
    "/api/Auth/LoginWithPasskey",
    {
      config: { access: "anyone" },
      ...proofRateLimited,
      schema: {
        tags,
        summary: "Log in, step two with a passkey",
        description:
          "Completes the pending login with the browser's answer (`AuthenticationResponseJSON`) to its challenge; success starts the session (as Login does). Refusals: 400 `PASSKEY_CHALLENGE_EXPIRED`, `PASSKEY_NOT_VERIFIED`, `PASSKEY_UNKNOWN` (not one of this account's passkeys); 403 `PASSKEY_COUNTER_WENT_BACKWARDS` (a copied authenticator; recorded); 401 `LOGIN_EXPIRED`; 429 `ACCOUNT_LOCKED` — failed passkeys count with wrong passwords and codes.",
        body: passkeyLoginSchema,
        response: { 200: z.object({ msg: z.string(), user: sessionUser }), ...checkRefusals },
      },
    },
    async (request, reply) => {
      const { pendingLogin, response } = request.body;
      const result = await core.passkeys.completeLogin(pendingLogin, response, browserOf(core, request));
      if (result.status !== "ok") return refuse(reply, result.status);
      setLoginCookies(reply, core, result);
      return { msg: "Success", user: result.user };
    },
  );

  api.post(
    "/api/Auth/PasskeyStepUpOptions",
    {
      config: { access: "signed-in", ...rateLimited },
      schema: {
        tags,
        summary: "Confirm it is you with a passkey: the challenge",
        description:
          'The options for `navigator.credentials.get()` to prove a second factor again in this session (before "View as", the user export or a role change). Bound to this session. 409 `NO_PASSKEY` for an account without one.',
        response: { 200: requestOptions, 401: failureReply, 409: failureReply, 429: failureReply },
      },
    },
    async (request) => ({ ...(await core.passkeys.stepUpOptions(actorOf(request))) }),
  );

  api.post(
    "/api/Auth/PasskeyStepUp",
    {
      config: { access: "signed-in" },
      ...proofRateLimited,
      schema: {
        tags,
        summary: "Confirm it is you with a passkey",
        description:
          "Records a fresh second-factor check of this session from the browser's answer to its challenge (204). Refusals as for LoginWithPasskey; they count against the login lockout.",
        body: passkeyStepUpSchema,
        response: { 204: z.null(), ...checkRefusals },
      },
    },
    async (request, reply) => {
      const result = await core.passkeys.stepUp(actorOf(request), request.body.response);
      if (result.status !== "ok") return refuse(reply, result.status);
      return reply.code(204).send(null);
    },
  );
}

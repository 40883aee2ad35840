import type { Core } from "@aea/core";
import {
  PASSKEY_ADDED,
  PASSKEY_ALREADY_REGISTERED,
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT,
  passkeyRegistrationSchema,
} from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authRateLimit } from "../../plugins/rate-limits.ts";
import { requireApiUser } from "../../plugins/sessions.ts";

const tags = ["Auth"];
const message = z.object({ message: z.string(), code: z.string().optional() });
const invalid = message.extend({
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
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

/** The signed-in owner and the session they enrol from (the service refuses "View as" sessions). */
function enrollingActor(request: FastifyRequest) {
  const user = requireApiUser(request);
  return { userId: user.id, sessionToken: request.sessionToken ?? undefined };
}

/**
 * Passkeys as a second factor: the signed-in owner enrols one (options, then the browser's answer).
 * Browsers accept a relying party only under a domain name: a site whose PUBLIC_URL is an IP address
 * answers 409 PASSKEYS_UNAVAILABLE.
 */
export async function passkeyRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimited = { config: { rateLimit: authRateLimit(core.config.authRateLimitPerMinute) } };

  api.post(
    "/api/Auth/PasskeyRegistrationOptions",
    {
      ...rateLimited,
      schema: {
        tags,
        summary: "Start adding a passkey to the signed-in account",
        description:
          "Answers the options for `navigator.credentials.create()` (WebAuthn; @simplewebauthn/browser's `startRegistration`). The challenge is bound to this session and account, lives 5 minutes and works once. The account's passkeys are excluded, so the browser will not register one twice. 403 `IMPERSONATING` while an admin views the site as the account.",
        response: { 200: creationOptions, 401: message, 403: message, 409: message, 429: message },
      },
    },
    async (request) => ({ ...(await core.passkeys.registrationOptions(enrollingActor(request))) }),
  );

  api.post(
    "/api/Auth/RegisterPasskey",
    {
      ...rateLimited,
      schema: {
        tags,
        summary: "Finish adding a passkey",
        description:
          "The body carries the name the owner chose and the browser's answer (`RegistrationResponseJSON`). The answer must sign this session's live challenge for this site's origin and RP ID (PUBLIC_URL), else 400 `PASSKEY_CHALLENGE_EXPIRED` (expired, used or someone else's) or 400 `PASSKEY_NOT_VERIFIED`. A credential already registered answers 409 `PASSKEY_ALREADY_REGISTERED` (to this account) or 409 `PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT`; nothing changes.",
        body: passkeyRegistrationSchema,
        response: {
          201: message.extend({ passkey }),
          400: invalid,
          401: message,
          403: message,
          409: message,
          429: message,
        },
      },
    },
    async (request, reply) => {
      const result = await core.passkeys.register(
        enrollingActor(request),
        request.body.name,
        request.body.response,
      );
      switch (result.status) {
        case "added":
          return reply.code(201).send({ message: PASSKEY_ADDED, passkey: result.passkey });
        case "challenge-expired":
          return reply
            .code(400)
            .send({ message: PASSKEY_CHALLENGE_EXPIRED, code: "PASSKEY_CHALLENGE_EXPIRED" });
        case "not-verified":
          return reply.code(400).send({ message: PASSKEY_NOT_VERIFIED, code: "PASSKEY_NOT_VERIFIED" });
        case "already-registered":
          return reply
            .code(409)
            .send({ message: PASSKEY_ALREADY_REGISTERED, code: "PASSKEY_ALREADY_REGISTERED" });
        case "registered-to-another-account":
          return reply.code(409).send({
            message: PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT,
            code: "PASSKEY_REGISTERED_TO_ANOTHER_ACCOUNT",
          });
      }
    },
  );
}

import type { Core } from "@aea/core";
import {
  EMAIL_ALREADY_REGISTERED,
  EMAIL_CHANGE_TAKEN,
  emailSchema,
  mailedLinkSchema,
  signupSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authRateLimit, emailCheckRateLimit } from "../../plugins/rate-limits.ts";
import { message, tags } from "./auth-replies.ts";

/** Signing up and verifying the address (spec §7 Auth): Signup, CheckEmailAvailability, VerifyUser, ResendVerification. */
export async function signupRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimited = { rateLimit: authRateLimit(core.config.authRateLimitPerMinute) };

  api.post(
    "/api/Auth/Signup",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Register a buyer",
        description: "Creates an unverified account and mails a single-use verification link (48 hours).",
        body: signupSchema,
        response: { 201: z.object({ msg: z.string() }), 409: message },
      },
    },
    async (request, reply) => {
      const result = await core.signUp.signup(request.body);
      if (result.status === "email-taken")
        return reply.code(409).send({ message: EMAIL_ALREADY_REGISTERED, code: "EMAIL_TAKEN" });
      return reply.code(201).send({ msg: "Created" });
    },
  );

  api.get(
    "/api/Auth/CheckEmailAvailability",
    {
      config: { access: "anyone", rateLimit: emailCheckRateLimit },
      schema: {
        tags,
        summary: "Is an email free for a new account?",
        description: "200 when available, 409 when an account has it. 30 a minute per address (then 429).",
        querystring: z.object({ email: emailSchema }),
        response: { 200: z.object({ available: z.literal(true) }), 409: message, 429: message },
      },
    },
    async (request, reply) => {
      if (await core.signUp.emailAvailable(request.query.email)) return { available: true as const };
      return reply.code(409).send({ message: EMAIL_ALREADY_REGISTERED, code: "EMAIL_TAKEN" });
    },
  );

  api.post(
    "/api/Auth/VerifyUser",
    {
      config: { access: "anyone" },
      schema: {
        tags,
        summary: "Verify an email with the mailed token",
        description:
          "Takes the token of a sign-up verification link (`msg` 'Verified') or of an email-change link (`msg` 'Email changed': the account moves to the address the link was mailed to; 409 EMAIL_TAKEN when another account has taken it meanwhile). Each link works once.",
        querystring: mailedLinkSchema,
        response: { 200: z.object({ msg: z.string() }), 400: message, 409: message },
      },
    },
    async (request, reply) => {
      if (await core.signUp.verifyUser(request.query.token)) return { msg: "Verified" };
      const change = await core.emailChange.confirmEmailChange(request.query.token);
      if (change.status === "changed") return { msg: "Email changed" };
      if (change.status === "email-taken")
        return reply.code(409).send({ message: EMAIL_CHANGE_TAKEN, code: "EMAIL_TAKEN" });
      return reply
        .code(400)
        .send({ message: "This verification link is invalid or has expired.", code: "INVALID_TOKEN" });
    },
  );

  api.post(
    "/api/Auth/ResendVerification",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Mail a new verification link",
        description: "Always 204, whether or not the address has an unverified account.",
        querystring: z.object({ email: emailSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await core.signUp.resendVerification(request.query.email);
      return reply.code(204).send(null);
    },
  );
}

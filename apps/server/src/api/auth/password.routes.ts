import type { Core } from "@aea/core";
import {
  EMAIL_DOES_NOT_EXIST,
  emailSchema,
  NEW_PASSWORD_TWICE,
  newPasswordSchema,
  PASSWORD_RULE,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admitAs } from "../../plugins/access.ts";
import { authRateLimit } from "../../plugins/rate-limits.ts";
import { setSessionCookie } from "../../plugins/sessions.ts";
import { actorOf, currentPassword, message, tags } from "./auth-replies.ts";

/** Forgotten and changed passwords (spec §7 Auth): SendResetPasswordEmail, UpdatePassword. */
export async function passwordRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimited = { rateLimit: authRateLimit(core.config.authRateLimitPerMinute) };

  api.post(
    "/api/Auth/SendResetPasswordEmail",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Mail a password-reset link",
        description: "A single-use link valid for 60 minutes. 404 when no account has the email (spec §8).",
        querystring: z.object({ email: emailSchema, site: z.string().max(200).optional() }),
        response: { 200: z.object({ msg: z.string() }), 404: message },
      },
    },
    async (request, reply) => {
      if (await core.passwords.sendResetPasswordEmail(request.query.email)) return { msg: "Sent" };
      return reply.code(404).send({ message: EMAIL_DOES_NOT_EXIST, code: "UNKNOWN_EMAIL" });
    },
  );

  api.post(
    "/api/Auth/UpdatePassword",
    {
      // A mailed reset token is proof enough; without one the caller must be signed in (below).
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Change or reset the password",
        description:
          "The new password goes as `password` in a JSON body; the spec's `?password=` query still works for older clients (never logged), but not both at once (400). With `Authorization: Bearer <reset token>`: resets the password (no other proof needed). With a session: changes the signed-in user's password, which needs the current password as `currentPassword` in the JSON body, or a login in this session within the last 10 minutes. Without either it answers 403 `REAUTHENTICATE`; a wrong current password answers 403 `INCORRECT_PASSWORD` and counts toward the login lockout (429 `ACCOUNT_LOCKED`). Either way every session ends, this browser gets a new one and a confirmation is mailed.",
        querystring: z.object({ password: newPasswordSchema.optional() }),
        headers: z.object({ authorization: z.string().max(300).optional() }).loose(),
        body: z.object({ password: newPasswordSchema.optional(), currentPassword }).nullish(),
        response: { 200: message, 400: message, 401: message, 403: message, 429: message },
      },
    },
    async (request, reply) => {
      const inBody = request.body?.password;
      const inQuery = request.query.password;
      if (inBody !== undefined && inQuery !== undefined)
        return reply.code(400).send({ message: NEW_PASSWORD_TWICE, code: "VALIDATION" });
      const newPassword = inBody ?? inQuery;
      if (newPassword === undefined)
        return reply.code(400).send({ message: `password: ${PASSWORD_RULE}`, code: "VALIDATION" });
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (bearer) {
        if (await core.passwords.resetPassword(bearer, newPassword)) return { message: PASSWORD_UPDATED };
        return reply.code(400).send({ message: PASSWORD_UPDATE_FAILED, code: "INVALID_TOKEN" });
      }
      const user = admitAs(request, "signed-in");
      const result = await core.passwords.changePassword(actorOf(request, user.id), {
        newPassword,
        currentPassword: request.body?.currentPassword,
      });
      setSessionCookie(reply, core, result.token, result.remember);
      return { message: PASSWORD_UPDATED };
    },
  );
}

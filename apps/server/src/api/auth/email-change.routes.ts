import type { Core } from "@aea/core";
import { emailChangeLinkSent, emailSchema } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admitAs, admittedUser } from "../../plugins/access.ts";
import { actorOf, currentPassword, message, tags } from "./auth-replies.ts";

/** Changing a sign-in address (spec §7 Auth): ChangeEmail, one's own or, for admins, anyone's. */
export async function emailChangeRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/Auth/ChangeEmail",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Change the account's email",
        description:
          "Mails a single-use link (48 hours) to the new address and a notice to the old one; the email changes only when that link is followed (see VerifyUser), and until then the account keeps its address and verified state. Admins may change any user's. The caller proves who they are with their own current password as `currentPassword` in the body, or a login in this session within the last 10 minutes: otherwise 403 `REAUTHENTICATE`; a wrong password answers 403 `INCORRECT_PASSWORD` and counts toward the login lockout (429 `ACCOUNT_LOCKED`).",
        querystring: z.object({ userId: z.coerce.number().int().positive(), newEmail: emailSchema }),
        body: z
          .object({
            userId: z.coerce.number().int().positive(),
            newEmail: emailSchema,
            applicationName: z.string().max(100).optional(),
            currentPassword,
          })
          .partial()
          .nullish(),
        response: {
          200: z.object({ msg: z.string(), message: z.string() }),
          401: message,
          403: message,
          404: message,
          409: message,
          429: message,
        },
      },
    },
    async (request) => {
      const me = admittedUser(request);
      const { userId, newEmail } = request.query;
      if (userId !== me.id) admitAs(request, "admin");
      await core.emailChange.requestEmailChange(actorOf(request, me.id), {
        userId,
        newEmail,
        currentPassword: request.body?.currentPassword,
      });
      return { msg: "Link sent", message: emailChangeLinkSent(newEmail) };
    },
  );
}

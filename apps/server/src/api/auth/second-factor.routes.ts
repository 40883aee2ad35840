import type { Core } from "@aea/core";
import {
  INCORRECT_PASSWORD,
  loginSecondFactorSchema,
  STEP_UP_PASSWORD_REQUIRED,
  secondFactorRefusal,
  stepUpSchema,
} from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { browserOf, setLoginCookies } from "../../plugins/sessions.ts";
import { failureReply } from "../shared/replies.ts";
import { sessionUser } from "./session-user.schema.ts";

const tags = ["Auth"];

/** Login's `msg` for an account that owes its second factor. */
export const SECOND_FACTOR_REQUIRED_MSG = "Second factor required";

/** Which factors an account has (the login's answer, so a client knows what to ask for). */
export const secondFactorsReply = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number(),
  passkeys: z.number(),
});

/** Step two of a login, and the fresh check sensitive staff steps ask for (decision 024). */
export async function secondFactorRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Codes are guessed like passwords: each submission counts in the one login bucket of its address,
  // with the password doors (plugins/rate-limits.ts).
  const rateLimited = { onRequest: app.loginRateLimit };

  api.post(
    "/api/Auth/LoginSecondFactor",
    {
      config: { access: "anyone" },
      ...rateLimited,
      schema: {
        tags,
        summary: "Log in, step two: the second factor",
        description:
          "Completes a login that /api/Auth/Login answered with `SECOND_FACTOR_REQUIRED`: `pendingLogin` from that answer and `code`, the 6 digits of the authenticator app or an unused recovery code. Success starts the session (as Login does). Refusals: 401 `WRONG_CODE`, `CODE_REUSED` (each authenticator code works once), `RECOVERY_CODE_USED`, `LOGIN_EXPIRED` (5 minutes, or used); 429 `ACCOUNT_LOCKED` — wrong codes count with wrong passwords, 10 lock the account for 10 minutes.",
        body: loginSecondFactorSchema,
        response: {
          200: z.object({ msg: z.string(), user: sessionUser }),
          401: failureReply,
          429: failureReply,
        },
      },
    },
    async (request, reply) => {
      const { pendingLogin, code } = request.body;
      const result = await core.secondFactor.completeLogin(pendingLogin, code, browserOf(core, request));
      if (result.status === "ok") {
        setLoginCookies(reply, core, result);
        return { msg: "Success", user: result.user };
      }
      const refusal = secondFactorRefusal(result.status);
      return reply.code(refusal.httpStatus).send({ message: refusal.message, code: refusal.code });
    },
  );

  api.post(
    "/api/Auth/StepUp",
    {
      config: { access: "signed-in" },
      ...rateLimited,
      schema: {
        tags,
        summary: "Confirm it is you (fresh second factor)",
        description:
          'Starting "View as", exporting users and changing staff roles answer 403 `SECOND_FACTOR_REQUIRED` when this session\'s last second-factor check is older than 10 minutes (`REAUTHENTICATE` for an account without a second factor). This records a fresh check: `code` (authenticator or recovery code) for an account with a second factor, else `password`. Wrong answers count against the login lockout.',
        body: stepUpSchema,
        response: { 204: z.null(), 401: failureReply, 403: failureReply, 429: failureReply },
      },
    },
    async (request, reply) => {
      const user = admittedUser(request);
      const result = await core.secondFactor.stepUp(
        { userId: user.id, sessionToken: request.sessionToken ?? undefined },
        request.body,
      );
      if (result.status === "ok") return reply.code(204).send(null);
      if (result.status === "incorrect-password") {
        const text = request.body.password ? INCORRECT_PASSWORD : STEP_UP_PASSWORD_REQUIRED;
        return reply.code(403).send({ message: text, code: "INCORRECT_PASSWORD" });
      }
      const refusal = secondFactorRefusal(result.status);
      return reply.code(refusal.httpStatus).send({ message: refusal.message, code: refusal.code });
    },
  );
}

import type { Core } from "@aea/core";
import { loginRefusal, loginSchema, NOT_VERIFIED, SECOND_FACTOR_REQUIRED } from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { browserOf, clearSessionCookie, setLoginCookies } from "../../plugins/sessions.ts";
import { message, tags } from "./auth-replies.ts";
import { SECOND_FACTOR_REQUIRED_MSG, secondFactorsReply } from "./second-factor.routes.ts";
import { sessionUser } from "./session-user.schema.ts";

/** Logging in and out, and who is signed in (spec §7 Auth): Login, the legacy /api/login, Logout, CurrentUser. */
export async function loginRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Shared by Login and the legacy /api/login: checks, starts the session and sets its cookies, or
   * answers an account with a second factor with a pending login (no session yet).
   */
  const login = async (
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    password: string,
    remember: boolean,
  ) => {
    const result = await core.logins.login(email, password, remember, browserOf(core, request));
    if (result.status === "ok") setLoginCookies(reply, core, result);
    return result;
  };

  api.post(
    "/api/Auth/Login",
    {
      config: { access: "anyone" },
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: "Log in",
        description:
          "Checks the email and password and starts a session (httpOnly cookie; `rememberMe` keeps it 365 days). `msg` is 'Success' or 'Not verified'; failures answer 401 with the spec's message, 403 `ACCOUNT_DISABLED` for an account staff disabled, 429 while the account is locked (10 failures lock it for 10 minutes). An account with a second factor gets no session yet: `msg` 'Second factor required', `code` `SECOND_FACTOR_REQUIRED`, a `pendingLogin` token (valid 5 minutes) and the account's `factors`; POST the code with it to /api/Auth/LoginSecondFactor.",
        body: loginSchema,
        response: {
          200: z.object({
            msg: z.string(),
            user: sessionUser.optional(),
            email: z.string().optional(),
            code: z.literal("SECOND_FACTOR_REQUIRED").optional(),
            pendingLogin: z.string().optional(),
            factors: secondFactorsReply.optional(),
          }),
          401: message,
          403: message,
          429: message,
        },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body;
      const result = await login(request, reply, email, password, rememberMe);
      switch (result.status) {
        case "ok":
          return { msg: "Success", user: result.user };
        case "second-factor-required":
          return {
            msg: SECOND_FACTOR_REQUIRED_MSG,
            code: "SECOND_FACTOR_REQUIRED" as const,
            pendingLogin: result.pendingLogin,
            factors: result.factors,
          };
        case "not-verified":
          return { msg: NOT_VERIFIED, email };
        default: {
          const refusal = loginRefusal(result.status, core.config.firmShortName);
          return reply.code(refusal.httpStatus).send({ message: refusal.message, code: refusal.code });
        }
      }
    },
  );

  api.post(
    "/api/login",
    {
      config: { access: "anyone" },
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: "Log in (legacy)",
        description:
          "The older login: `username` is the email. Starts the same session as /api/Auth/Login and answers its token (the session cookie's value; older clients send it back as that cookie). `user.isValidPassword` is 'N' when staff marked the account's password for reset: the client asks the holder to reset it ('Reset Password, You have to reset your password'). Refusals answer 401 with the same messages as /api/Auth/Login ('Login Failed' in older clients), 429 while the account is locked. Shares the login rate limit and the lockout with every other login. An account with a second factor is answered 401 `SECOND_FACTOR_REQUIRED` with a `pendingLogin` token for /api/Auth/LoginSecondFactor.",
        body: z.object({ username: z.string().min(1).max(254), password: z.string().min(1).max(256) }),
        response: {
          200: z.object({
            token: z.string(),
            message: z.string(),
            user: z.object({
              type: z.string(),
              userId: z.number(),
              username: z.string(),
              isValidPassword: z.enum(["Y", "N"]),
            }),
          }),
          401: message.extend({ pendingLogin: z.string().optional() }),
          429: message,
        },
      },
    },
    async (request, reply) => {
      const result = await login(
        request,
        reply,
        request.body.username.toLowerCase(),
        request.body.password,
        false,
      );
      if (result.status === "second-factor-required") {
        return reply.code(401).send({
          message: SECOND_FACTOR_REQUIRED,
          code: "SECOND_FACTOR_REQUIRED",
          pendingLogin: result.pendingLogin,
        });
      }
      if (result.status === "ok") {
        return {
          // The older clients keep the token themselves; it is the same session the cookie carries.
          token: result.token,
          message: "Success",
          user: {
            type: result.user.isAdmin ? "admin" : "buyer",
            userId: result.user.id,
            username: result.user.email,
            isValidPassword: result.passwordResetRequired ? "N" : "Y",
          },
        };
      }
      if (result.status === "not-verified") return reply.code(401).send({ message: NOT_VERIFIED });
      // The older clients tell only "locked" (429) from every other refusal (401, 'Login Failed').
      const refusal = loginRefusal(result.status, core.config.firmShortName);
      return reply
        .code(refusal.httpStatus === 429 ? 429 : 401)
        .send({ message: refusal.message, code: refusal.code });
    },
  );

  api.post(
    "/api/Auth/Logout",
    {
      // Logging out while viewing as someone ends that session and the admin's own.
      config: { access: "anyone", allowedWhileViewingAs: true },
      schema: {
        tags,
        summary: "Log out",
        description:
          "Ends the session and clears its cookie. While viewing the site as a buyer it ends the admin's own session too.",
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await core.sessions.endSession(request.sessionToken ?? undefined, request.user?.id);
      clearSessionCookie(reply, core);
      const staffToken = core.impersonation.staffSessionTokenFrom(request.headers.cookie);
      if (staffToken) {
        await core.sessions.endSession(staffToken, request.user?.impersonatorId ?? undefined);
        reply.header("set-cookie", core.impersonation.clearedStaffSessionCookieHeader());
      }
      return reply.code(204).send(null);
    },
  );

  api.get(
    "/api/Auth/CurrentUser",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "The signed-in user (refresh)",
        description: "401 with code 1001 when there is no live session: clients log out on it.",
        response: { 200: sessionUser, 401: message },
      },
    },
    async (request) => admittedUser(request),
  );
}

import type { Core } from "@aea/core";
import {
  ACCOUNT_LOCKED,
  AppError,
  EMAIL_ALREADY_REGISTERED,
  EMAIL_CHANGE_TAKEN,
  EMAIL_DOES_NOT_EXIST,
  emailChangeLinkSent,
  emailSchema,
  INCORRECT_PASSWORD,
  loginRefusal,
  loginSchema,
  mailedLinkSchema,
  NEW_PASSWORD_TWICE,
  NOT_VERIFIED,
  newPasswordSchema,
  PASSWORD_RULE,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
  profileSchema,
  REAUTHENTICATE,
  SECOND_FACTOR_REQUIRED,
  signupSchema,
} from "@aea/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { authRateLimit, emailCheckRateLimit } from "../../plugins/rate-limits.ts";
import {
  browserOf,
  clearSessionCookie,
  requireApiAdmin,
  requireApiUser,
  setLoginCookies,
  setSessionCookie,
} from "../../plugins/sessions.ts";
import { SECOND_FACTOR_REQUIRED_MSG, secondFactorsReply } from "./second-factor.routes.ts";
import { sessionUser } from "./session-user.schema.ts";

const tags = ["Auth"];
const message = z.object({ message: z.string(), code: z.string().optional() });

/** Where a sensitive change carries the current password: in the JSON body, never in the URL (logs). */
const currentPassword = z.string().max(256).optional();

/** The reply to a sensitive change whose asker did not prove who they are. */
function proofFailure(reply: FastifyReply, status: "reauthenticate" | "incorrect-password" | "locked") {
  switch (status) {
    case "reauthenticate":
      return reply.code(403).send({ message: REAUTHENTICATE, code: "REAUTHENTICATE" });
    case "incorrect-password":
      return reply.code(403).send({ message: INCORRECT_PASSWORD, code: "INCORRECT_PASSWORD" });
    case "locked":
      return reply.code(429).send({ message: ACCOUNT_LOCKED, code: "ACCOUNT_LOCKED" });
  }
}

const actorOf = (request: FastifyRequest, userId: number) => ({
  userId,
  sessionToken: request.sessionToken ?? undefined,
});

const profileUpdate = profileSchema.omit({ email: true }).extend({ email: z.string().optional() });
// Replies are plain strings: the input schema's trimming and lower-casing cannot be run backwards.
const profileReply = z.object(
  Object.fromEntries(profileSchema.keyof().options.map((key) => [key, z.string()])) as Record<
    keyof typeof profileSchema.shape,
    z.ZodString
  >,
);

export async function authRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = core.accounts;
  const rateLimited = { config: { rateLimit: authRateLimit(core.config.authRateLimitPerMinute) } };

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
      onRequest: app.loginRateLimit,
      schema: {
        tags,
        summary: "Log in (legacy)",
        description:
          "The older login: `username` is the email. Starts the same session as /api/Auth/Login. An account with a second factor is answered 401 `SECOND_FACTOR_REQUIRED` with a `pendingLogin` token for /api/Auth/LoginSecondFactor.",
        body: z.object({ username: z.string().min(1).max(254), password: z.string().min(1).max(256) }),
        response: {
          200: z.object({
            token: z.string(),
            message: z.string(),
            user: z.object({
              type: z.string(),
              userId: z.number(),
              username: z.string(),
              isValidPassword: z.string(),
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
          // The session lives in the httpOnly cookie; the token field stays for the old clients' shape.
          token: "",
          message: "Success",
          user: {
            type: result.user.isAdmin ? "admin" : "buyer",
            userId: result.user.id,
            username: result.user.email,
            isValidPassword: "Y",
          },
        };
      }
      if (result.status === "locked")
        return reply.code(429).send({ message: "Too many failed logins. Try again in 10 minutes." });
      const text =
        result.status === "not-verified"
          ? NOT_VERIFIED
          : loginRefusal(result.status, core.config.firmShortName).message;
      return reply.code(401).send({ message: text });
    },
  );

  api.post(
    "/api/Auth/Logout",
    {
      // Logging out while viewing as someone ends that session and the admin's own.
      config: { allowedWhileViewingAs: true },
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
      schema: {
        tags,
        summary: "The signed-in user (refresh)",
        description: "401 with code 1001 when there is no live session: clients log out on it.",
        response: { 200: sessionUser, 401: message },
      },
    },
    async (request) => requireApiUser(request),
  );

  api.get(
    "/api/Auth/GetUser",
    {
      schema: {
        tags,
        summary: "A user",
        description: "The signed-in user, or with `id` another user (admins only).",
        querystring: z.object({ id: z.coerce.number().int().positive().optional() }),
        response: {
          200: z.object({
            id: z.number(),
            firstName: z.string(),
            middle: z.string().nullable(),
            lastName: z.string(),
            email: z.string(),
            name: z.string(),
            enabledFeatures: z.array(z.string()),
          }),
          401: message,
          403: message,
          404: message,
        },
      },
    },
    async (request) => {
      const me = requireApiUser(request);
      const id = request.query.id ?? me.id;
      if (id !== me.id) requireApiAdmin(request);
      const user = await accounts.findUser(id);
      if (!user) throw new AppError(404, "No such user", "NOT_FOUND");
      const view = core.sessions.sessionUser(user);
      const enabledFeatures = Object.entries(core.config.features)
        .filter(([, on]) => on)
        .map(([name]) => name);
      return { ...view, enabledFeatures };
    },
  );

  const profileRoute = {
    schema: {
      tags,
      summary: "The signed-in buyer's profile",
      response: { 200: profileReply, 401: message },
    },
  };
  const getProfile = async (request: Parameters<typeof requireApiUser>[0]) => {
    const profile = await core.profiles.profile(requireApiUser(request).id);
    if (!profile) throw new AppError(401, "Login to access this page", "1001");
    return profile;
  };
  api.get("/api/Auth/GetProfile", profileRoute, async (request) => getProfile(request));
  api.get("/api/Auth/GetTest", profileRoute, async (request) => getProfile(request));

  api.post(
    "/api/Auth/UpdateProfile",
    {
      schema: {
        tags,
        summary: "Save the buyer profile",
        description: "The email is changed only through ChangeEmail.",
        body: profileUpdate,
        response: { 200: profileReply, 401: message },
      },
    },
    async (request) => {
      const user = requireApiUser(request);
      await core.profiles.updateProfile(user, { ...request.body, email: user.email });
      return getProfile(request);
    },
  );

  api.post(
    "/api/Auth/UpdateUserInfo",
    {
      schema: {
        tags,
        summary: "Save the buyer's name",
        body: profileSchema.pick({ firstName: true, lastName: true }),
        response: { 200: profileReply, 401: message },
      },
    },
    async (request) => {
      const user = requireApiUser(request);
      const profile = await getProfile(request);
      await core.profiles.updateProfile(user, { ...profile, ...request.body });
      return getProfile(request);
    },
  );

  api.post(
    "/api/Auth/UpdateAddtionalUserInfo",
    {
      schema: {
        tags,
        summary: "Save the buyer's company, title, phone and addresses",
        body: profileSchema.omit({ firstName: true, lastName: true, email: true }).partial(),
        response: { 200: profileReply, 401: message },
      },
    },
    async (request) => {
      const user = requireApiUser(request);
      const profile = await getProfile(request);
      await core.profiles.updateProfile(user, { ...profile, ...request.body });
      return getProfile(request);
    },
  );

  api.post(
    "/api/Auth/Signup",
    {
      ...rateLimited,
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
      config: { rateLimit: emailCheckRateLimit },
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
      ...rateLimited,
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

  api.post(
    "/api/Auth/SendResetPasswordEmail",
    {
      ...rateLimited,
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
      ...rateLimited,
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
      const user = requireApiUser(request);
      const result = await core.passwords.changePassword(actorOf(request, user.id), {
        newPassword,
        currentPassword: request.body?.currentPassword,
      });
      if (result.status !== "changed") return proofFailure(reply, result.status);
      setSessionCookie(reply, core, result.token, result.remember);
      return { message: PASSWORD_UPDATED };
    },
  );

  api.post(
    "/api/Auth/ChangeEmail",
    {
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
    async (request, reply) => {
      const me = requireApiUser(request);
      const { userId, newEmail } = request.query;
      if (userId !== me.id) requireApiAdmin(request);
      const result = await core.emailChange.requestEmailChange(actorOf(request, me.id), {
        userId,
        newEmail,
        currentPassword: request.body?.currentPassword,
      });
      switch (result.status) {
        case "link-sent":
          return { msg: "Link sent", message: emailChangeLinkSent(newEmail) };
        case "email-taken":
          return reply.code(409).send({ message: EMAIL_ALREADY_REGISTERED, code: "EMAIL_TAKEN" });
        case "no-such-user":
          return reply.code(404).send({ message: "No such user", code: "NOT_FOUND" });
        default:
          return proofFailure(reply, result.status);
      }
    },
  );

  api.post(
    "/api/Auth/checkUserId",
    {
      schema: {
        tags,
        summary: "Does a user id exist?",
        description: "Buyers may ask only about themselves; admins about anyone.",
        querystring: z.object({ accessuserid: z.coerce.number().int().positive() }),
        response: { 200: z.object({ exists: z.boolean() }), 401: message, 403: message },
      },
    },
    async (request) => {
      const me = requireApiUser(request);
      if (request.query.accessuserid !== me.id) requireApiAdmin(request);
      return { exists: Boolean(await accounts.findUser(request.query.accessuserid)) };
    },
  );
}

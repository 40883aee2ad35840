import type { Core } from "@aea/core";
import { loginRequired, notFound, profileSchema } from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admitAs, admittedUser } from "../../plugins/access.ts";
import { message, profileReply, profileUpdate, tags } from "./auth-replies.ts";

/** A user's own record and profile (spec §7 Auth): GetUser, GetProfile (and its old name GetTest), UpdateProfile, UpdateUserInfo, UpdateAddtionalUserInfo, checkUserId. Admins may read anyone's; others only their own. */
export async function profileRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounts = core.accounts;

  api.get(
    "/api/Auth/GetUser",
    {
      config: { access: "signed-in" },
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
      const me = admittedUser(request);
      const id = request.query.id ?? me.id;
      if (id !== me.id) admitAs(request, "admin");
      const user = await accounts.findUser(id);
      if (!user) throw notFound("No such user");
      const view = core.sessions.sessionUser(user);
      const enabledFeatures = Object.entries(core.config.features)
        .filter(([, on]) => on)
        .map(([name]) => name);
      return { ...view, enabledFeatures };
    },
  );

  const profileRoute = {
    config: { access: "signed-in" as const },
    schema: {
      tags,
      summary: "The signed-in buyer's profile",
      response: { 200: profileReply, 401: message },
    },
  };
  const getProfile = async (request: FastifyRequest) => {
    const profile = await core.profiles.profile(admittedUser(request).id);
    if (!profile) throw loginRequired();
    return profile;
  };
  api.get("/api/Auth/GetProfile", profileRoute, async (request) => getProfile(request));
  api.get("/api/Auth/GetTest", profileRoute, async (request) => getProfile(request));

  api.post(
    "/api/Auth/UpdateProfile",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Save the buyer profile",
        description: "The email is changed only through ChangeEmail.",
        body: profileUpdate,
        response: { 200: profileReply, 401: message },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      await core.profiles.updateProfile(user, { ...request.body, email: user.email });
      return getProfile(request);
    },
  );

  // Two older screens each save a part of the profile; the rest of it is kept as it was.
  const profileParts = [
    {
      url: "/api/Auth/UpdateUserInfo",
      summary: "Save the buyer's name",
      body: profileSchema.pick({ firstName: true, lastName: true }),
    },
    {
      url: "/api/Auth/UpdateAddtionalUserInfo",
      summary: "Save the buyer's company, title, phone and addresses",
      body: profileSchema.omit({ firstName: true, lastName: true, email: true }).partial(),
    },
  ];
  for (const { url, summary, body } of profileParts) {
    api.post(
      url,
      {
        config: { access: "signed-in" },
        schema: { tags, summary, body, response: { 200: profileReply, 401: message } },
      },
      async (request) => {
        const profile = await getProfile(request);
        await core.profiles.updateProfile(admittedUser(request), { ...profile, ...request.body });
        return getProfile(request);
      },
    );
  }

  api.post(
    "/api/Auth/checkUserId",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Does a user id exist?",
        description: "Buyers may ask only about themselves; admins about anyone.",
        querystring: z.object({ accessuserid: z.coerce.number().int().positive() }),
        response: { 200: z.object({ exists: z.boolean() }), 401: message, 403: message },
      },
    },
    async (request) => {
      const me = admittedUser(request);
      if (request.query.accessuserid !== me.id) admitAs(request, "admin");
      return { exists: Boolean(await accounts.findUser(request.query.accessuserid)) };
    },
  );
}

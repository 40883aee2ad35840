import type { Core } from "@aea/core";
import { interestsSchema } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { admittedUser } from "../../plugins/access.ts";
import { failureReply } from "../shared/replies.ts";

const tags = ["UserInterests"];

export async function userInterestsRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/UserInterests/GetInterests",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "The signed-in buyer's interests",
        response: { 200: interestsSchema, 401: failureReply },
      },
    },
    async (request) => core.profiles.interests(admittedUser(request).id),
  );
  api.post(
    "/api/UserInterests/Update",
    {
      config: { access: "signed-in" },
      schema: {
        tags,
        summary: "Save the buyer's interests",
        body: interestsSchema,
        response: { 200: interestsSchema, 401: failureReply },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      await core.profiles.saveInterests(user, request.body);
      return core.profiles.interests(user.id);
    },
  );
}

import type { Core } from "@aea/core";
import { ACCESS_GRANTED, grantDueDiligenceAccessSchema, requestDueDiligenceAccessSchema } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";
import { accessCodeRateLimit, authRateLimit } from "../../plugins/rate-limits.ts";

const failure = z.object({ message: z.string(), code: z.string() });

/** The way into a listing's data room by access code (spec §7), and buyers' requests for a code. */
export async function dueDiligenceRoutes(app: FastifyInstance, { core }: { core: Core }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/Advisors/GrantDueDiligenceAccess",
    {
      config: { access: "signed-in", rateLimit: accessCodeRateLimit },
      schema: {
        tags: ["Advisors"],
        summary: "Enter a listing's access code",
        description:
          "Lets the signed-in buyer into the listing's data room when `code` is its access code (spaces are ignored and letters read in any case). A wrong code answers 400 'Incorrect Code'. An account's 10th attempt in 10 minutes locks it for 10 minutes (429 ACCESS_CODE_LOCKED); once a listing has had more than 10 attempts in its 10 minutes, an account's second and later tries there answer 429 ACCESS_CODE_BRAKED until its 10 minutes are over, while a first try is checked as usual.",
        body: grantDueDiligenceAccessSchema,
        response: {
          200: z.object({ message: z.literal(ACCESS_GRANTED) }),
          400: failure,
          401: failure,
          404: failure,
          429: failure,
        },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      const { code, listingId } = request.body;
      await core.accessCodes.grantByCode(user, { userId: user.id, ipAddress: request.ip }, listingId, code);
      return { message: ACCESS_GRANTED } as const;
    },
  );

  api.post(
    "/api/Advisors/RequestDueDiligenceAccess",
    {
      config: { access: "signed-in", rateLimit: authRateLimit(core.config.authRateLimitPerMinute) },
      schema: {
        tags: ["Advisors"],
        summary: "Ask staff for a listing's access code",
        description:
          "The signed-in buyer asks for the access code of a listing's data room, with an optional message; staff are mailed and answer from the listing's access page. A second request while one is pending changes nothing. Off (404) unless showRequestAccessToPrivateFiles.",
        body: requestDueDiligenceAccessSchema,
        response: {
          200: z.object({ pending: z.literal(true) }),
          400: failure,
          401: failure,
          404: failure,
          409: failure,
        },
      },
    },
    async (request) => {
      const user = admittedUser(request);
      const { listingId, message } = request.body;
      await core.accessCodes.requestAccess(
        user,
        { userId: user.id, ipAddress: request.ip },
        listingId,
        message,
      );
      return { pending: true } as const;
    },
  );
}

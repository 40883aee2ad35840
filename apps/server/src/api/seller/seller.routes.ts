import type { Core } from "@aea/core";
import { SELLER_INQUIRY_SENT, sellerContactSchema } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inquiryRateLimit } from "../mailer/inquiry-limits.ts";
import { failureReply, invalidRequestReply } from "../shared/replies.ts";

/** A failed check names each field's problem (the error handler's shape). */

/** The seller inquiry ("Sell your assets!"). */
export async function sellerRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/Seller/Contact",
    {
      config: { access: "anyone", rateLimit: inquiryRateLimit(core) },
      schema: {
        tags: ["Seller"],
        summary: "Send a seller inquiry",
        description:
          "fullName, firstName, lastName, email, title, company, phone, description, appName (spec §7). Mailed to the staff inbox (SUPPORT_EMAIL) and kept; an agent follows up. fullName defaults to the two names, title to 'Seller inquiry'. Rate-limited per address.",
        body: sellerContactSchema,
        response: { 200: failureReply, 400: invalidRequestReply, 429: failureReply, 500: failureReply },
      },
    },
    async (request) => {
      await core.inquiries.sendSellerInquiry(request.body);
      return { message: SELLER_INQUIRY_SENT };
    },
  );
}

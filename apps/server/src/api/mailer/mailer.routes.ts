import type { Core } from "@aea/core";
import { CONTACT_SENT, chatMessageSchema, contactUsEmailSchema, VALID_EMAIL_REQUIRED } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureReply, invalidRequestReply } from "../shared/replies.ts";
import { inquiryRateLimit } from "./inquiry-limits.ts";

const tags = ["Mailer"];
/** A failed check names each field's problem (the error handler's shape). */

/** The site's mail forms: the contact page and the chat widget. Mail goes to the staff inbox. */
export async function mailerRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rateLimited = { rateLimit: inquiryRateLimit(core) };

  api.post(
    "/api/Mailer/SendContactUsEmail",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Send the contact form",
        description:
          "Mails the message to the staff inbox (SUPPORT_EMAIL) and keeps a copy. An address on the contact page's block list answers 400 with the form's email message. Rate-limited per address.",
        body: contactUsEmailSchema,
        response: { 200: failureReply, 400: invalidRequestReply, 429: failureReply, 500: failureReply },
      },
    },
    async (request, reply) => {
      const outcome = await core.inquiries.sendContactMessage(request.body);
      if (outcome === "blocked")
        return reply.code(400).send({ message: VALID_EMAIL_REQUIRED, code: "BLOCKED_EMAIL" });
      return { message: CONTACT_SENT };
    },
  );

  api.post(
    "/api/Mailer/SendChatMessage",
    {
      config: { access: "anyone", ...rateLimited },
      schema: {
        tags,
        summary: "Send a chat-widget message",
        description:
          "The floating chat widget's message (name, email, message, the page it was sent from): mailed to the staff inbox and kept. Rate-limited per address.",
        body: chatMessageSchema,
        response: { 200: failureReply, 400: invalidRequestReply, 429: failureReply, 500: failureReply },
      },
    },
    async (request) => {
      await core.inquiries.sendChatMessage(request.body);
      return { message: "Sent" };
    },
  );
}

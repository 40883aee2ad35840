import { profileSchema } from "@aea/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";

export { failureReply as message } from "../shared/replies.ts";

/** What the account endpoints (login, sign-up, passwords, email change, profile) share: their tag and replies. */
export const tags = ["Auth"];

/** Where a sensitive change carries the current password: in the JSON body, never in the URL (logs). */
export const currentPassword = z.string().max(256).optional();

export const actorOf = (request: FastifyRequest, userId: number) => ({
  userId,
  sessionToken: request.sessionToken ?? undefined,
});

export const profileUpdate = profileSchema.omit({ email: true }).extend({ email: z.string().optional() });
// Replies are plain strings: the input schema's trimming and lower-casing cannot be run backwards.
export const profileReply = z.object(
  Object.fromEntries(profileSchema.keyof().options.map((key) => [key, z.string()])) as Record<
    keyof typeof profileSchema.shape,
    z.ZodString
  >,
);

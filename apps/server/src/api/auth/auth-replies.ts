import { ACCOUNT_LOCKED, INCORRECT_PASSWORD, profileSchema, REAUTHENTICATE } from "@aea/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** What the account endpoints (login, sign-up, passwords, email change, profile) share: their tag and replies. */
export const tags = ["Auth"];
export const message = z.object({ message: z.string(), code: z.string().optional() });

/** Where a sensitive change carries the current password: in the JSON body, never in the URL (logs). */
export const currentPassword = z.string().max(256).optional();

/** The reply to a sensitive change whose asker did not prove who they are. */
export function proofFailure(
  reply: FastifyReply,
  status: "reauthenticate" | "incorrect-password" | "locked",
) {
  switch (status) {
    case "reauthenticate":
      return reply.code(403).send({ message: REAUTHENTICATE, code: "REAUTHENTICATE" });
    case "incorrect-password":
      return reply.code(403).send({ message: INCORRECT_PASSWORD, code: "INCORRECT_PASSWORD" });
    case "locked":
      return reply.code(429).send({ message: ACCOUNT_LOCKED, code: "ACCOUNT_LOCKED" });
  }
}

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

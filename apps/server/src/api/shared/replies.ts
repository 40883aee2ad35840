import { z } from "zod";

/** The body of every refusal the error handler writes (plugins/errors.ts): a message and the catalogue's code. */
export const failureReply = z.object({ message: z.string(), code: z.string().optional() });

/** A refused request body or query also names each field that failed and why. */
export const invalidRequestReply = failureReply.extend({
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The refusals of a signed-in call inside a data room, as /api/docs lists them. */
export const roomCallRefusals = {
  400: invalidRequestReply,
  401: failureReply,
  403: failureReply,
  404: failureReply,
  409: failureReply,
};

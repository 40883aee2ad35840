// The schemas of the access-code forms and API, apart from the texts and rules beside them: a page that
// shows a data room's state (the deal page) loads no zod (decision 037).
import { VALID_EMAIL_REQUIRED } from "../messages.ts";
import { z } from "../zod.ts";
import {
  ACCESS_CODE_MAX_LENGTH,
  ACCESS_CODE_REQUIRED,
  ACCESS_CODE_TOO_LONG,
  ACCESS_REQUEST_MESSAGE_MAX_LENGTH,
  ACCESS_REQUEST_MESSAGE_TOO_LONG,
  normalizeAccessCode,
} from "./access-codes.ts";

const code = z
  .string({ error: ACCESS_CODE_REQUIRED })
  .trim()
  .min(1, ACCESS_CODE_REQUIRED)
  .max(ACCESS_CODE_MAX_LENGTH, ACCESS_CODE_TOO_LONG);

const listingId = z.coerce
  .number({ error: "Which deal? listingId must be a deal number." })
  .int("Which deal? listingId must be a deal number.")
  .positive("Which deal? listingId must be a deal number.");

/** The access-code dialog. */
export const accessCodeSchema = z.object({ code });
export type AccessCodeInput = z.output<typeof accessCodeSchema>;

/** POST /api/Advisors/GrantDueDiligenceAccess (spec §7). */
export const grantDueDiligenceAccessSchema = z.object({ code, listingId });

/** A buyer asks staff for a listing's access code. */
export const accessRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .max(ACCESS_REQUEST_MESSAGE_MAX_LENGTH, ACCESS_REQUEST_MESSAGE_TOO_LONG)
    .optional()
    .transform((v) => v || undefined),
});
export const requestDueDiligenceAccessSchema = accessRequestSchema.extend({ listingId });

/** Staff set a listing's access code: letters, digits, dashes and underscores, 8 to 64 (stored in capitals). */
export const NEW_ACCESS_CODE_RULE =
  "Use 8 to 64 letters, digits, dashes or underscores (codes are matched in any case).";
export const changeAccessCodeSchema = z.object({
  accessCode: z
    .string({ error: ACCESS_CODE_REQUIRED })
    .trim()
    .min(1, ACCESS_CODE_REQUIRED)
    .regex(/^[A-Za-z0-9_-]{8,64}$/, NEW_ACCESS_CODE_RULE)
    .transform(normalizeAccessCode),
});

/** Staff let a buyer in by the buyer's email. */
export const buyerEmailSchema = z.object({
  email: z
    .string({ error: "Enter the buyer's email." })
    .trim()
    .min(1, "Enter the buyer's email.")
    .max(254, VALID_EMAIL_REQUIRED)
    .pipe(z.email({ error: VALID_EMAIL_REQUIRED }))
    .transform((v) => v.toLowerCase()),
});

const userId = z.coerce.number().int().positive("Which buyer? userId must be an account number.");

/** The staff access page's buttons: revoke a grant, answer a request (the email and code forms use the schemas above). */
export const staffAccessButtonSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke-private"), userId }),
  z.object({ intent: z.literal("revoke-data-room"), userId }),
  z.object({ intent: z.literal("new-random-code") }),
  z.object({
    intent: z.literal("answer-request"),
    requestId: z.coerce.number().int().positive("Which request?"),
    answer: z.enum(["approved", "declined"], { error: "Approve or decline." }),
  }),
]);

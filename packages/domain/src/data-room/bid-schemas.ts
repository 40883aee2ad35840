// The schemas of the bid forms and API, apart from the texts and rules beside them (decision 037).
import { z } from "../zod.ts";
import {
  BID_ATTACHMENTS_MAX,
  BID_CONDITIONS_MAX_LENGTH,
  BID_MAX_AMOUNT,
  BID_ROUND_KINDS,
  BID_TIME_ZONES,
  bidAmountText,
} from "./bids.ts";

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const listingId = z.coerce
  .number({ error: "Which deal? listingId must be a deal number." })
  .int("Which deal? listingId must be a deal number.")
  .positive("Which deal? listingId must be a deal number.");

/** Dollars as typed: "12,500,000" or "12500000.50"; commas and a leading $ are allowed. */
const dollars = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[$,\s]/g, "") : v),
    z.coerce
      .number({ error: `${what} must be an amount in US dollars.` })
      .refine(Number.isFinite, `${what} must be an amount in US dollars.`)
      .refine((v) => v > 0, `${what} must be more than $0.`)
      .refine((v) => v <= BID_MAX_AMOUNT, `${what} must be at most ${bidAmountText(BID_MAX_AMOUNT)}.`)
      .refine((v) => Math.round(v * 100) === v * 100, `${what} has at most two decimals (cents).`),
  );

const localTime = (what: string) =>
  z
    .string({ error: `${what}: enter a date and time.` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, `${what}: enter a date and time.`);

/** Staff open a round: its kind, dates in the chosen zone, minimum and documents to include. */
export const openBidRoundSchema = z.object({
  kind: z.enum(BID_ROUND_KINDS, { error: "Choose indication of interest or sealed bid." }),
  opensAt: localTime("Opens"),
  deadline: localTime("Deadline"),
  timeZone: z.enum(BID_TIME_ZONES, { error: "Choose a time zone from the list." }),
  minimum: z.preprocess(blankToUndefined, dollars("The minimum").optional()),
  requiredDocuments: z.preprocess(
    blankToUndefined,
    z.string().trim().max(1000, "List the documents in at most 1,000 characters.").optional(),
  ),
});
export type OpenBidRoundInput = z.output<typeof openBidRoundSchema>;
export const openBidRoundApiSchema = openBidRoundSchema.extend({ listingId });

/** Staff move a running round's dates (wall-clock times in the round's zone) or change its minimum. */
export const changeBidRoundSchema = openBidRoundSchema.pick({ opensAt: true, deadline: true, minimum: true });
export type ChangeBidRoundInput = z.output<typeof changeBidRoundSchema>;
export const changeBidRoundApiSchema = changeBidRoundSchema.extend({ listingId });

const secureFileIds = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(z.coerce.number().int().positive("Choose files you sent through Secure Files."))
    .max(BID_ATTACHMENTS_MAX, `Attach at most ${BID_ATTACHMENTS_MAX} files.`),
);

/** A buyer's bid or revision. */
export const submitBidSchema = z.object({
  amount: dollars("The amount"),
  effectiveDate: z
    .string({ error: "Enter the effective date." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the effective date.")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Enter the effective date."),
  // A blank field arrives as nothing: no conditions.
  conditions: z
    .string()
    .trim()
    .max(BID_CONDITIONS_MAX_LENGTH, `Conditions are at most ${BID_CONDITIONS_MAX_LENGTH} characters.`)
    .default(""),
  attachments: secureFileIds,
});
export type SubmitBidInput = z.output<typeof submitBidSchema>;
export const submitBidApiSchema = submitBidSchema.extend({ listingId });

/** The admin's early opening of a sealed round: a reason, kept in the trail and told to the bidders. */
export const unsealBidsSchema = z.object({
  reason: z
    .string({ error: "Say why the bids must be opened before the deadline." })
    .trim()
    .min(5, "Say why the bids must be opened before the deadline.")
    .max(500, "Keep the reason under 500 characters."),
});
export const unsealBidsApiSchema = unsealBidsSchema.extend({ listingId });

export const markWinnerSchema = z.object({
  bidId: z.coerce.number({ error: "Choose a bid." }).int("Choose a bid.").positive("Choose a bid."),
});
export const markWinnerApiSchema = markWinnerSchema.extend({ listingId });

export const bestAndFinalSchema = z.object({ deadline: localTime("The new deadline") });
export const bestAndFinalApiSchema = bestAndFinalSchema.extend({ listingId });

export const bidRoomQuerySchema = z.object({ listingId });

/** The staff forms of Similar Deals and Reorder Deals, checked the same way with or without JavaScript. */
import { z } from "../zod.ts";
import { SIMILAR_DEAL_CHOICES } from "./similarity.ts";

const listingId = z.coerce.number({ error: "Which deal?" }).int("Which deal?").positive("Which deal?");

export const similarDealChoiceSchema = z.object({
  listingId,
  similarListingId: listingId,
  choice: z.enum(SIMILAR_DEAL_CHOICES, { error: "Pin, hide or release the deal." }),
});

const version = z.string({ error: "Which list was this?" }).min(1, "Which list was this?").max(64);

/** Ids in order, comma-separated, as a form field carries them. */
const order = z
  .string({ error: "Send the new order." })
  .max(20_000)
  .regex(/^\d+(,\d+)*$/, "Send the new order as deal numbers separated by commas.")
  .transform((text) => text.split(",").map(Number));

export const dealOrderChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), version, listingId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("reorder"), version, order }),
  z.object({ intent: z.literal("undo"), version, order }),
]);

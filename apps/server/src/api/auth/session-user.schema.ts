import { z } from "zod";

/** The signed-in user as the Auth API answers it. */
export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  firstName: z.string(),
  middle: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  hasPrivateDeals: z.boolean(),
  hasClaimAD: z.boolean(),
  isManagement: z.boolean(),
  officialCompanyName: z.string().nullable(),
  impersonatorId: z.number().nullable(),
  /** Staff marked the password for reset: the holder should choose a new one (the older login's isValidPassword 'N'). */
  passwordResetRequired: z.boolean(),
});

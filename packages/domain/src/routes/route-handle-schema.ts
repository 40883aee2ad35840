import { z } from "../zod.ts";
import { AUDIENCES } from "./access.ts";
import type { RouteHandle } from "./route-policy.ts";

/** A route module's `handle` as the server checks it when it starts: a typo in a key is an error. */
export const routeHandleSchema: z.ZodType<RouteHandle> = z
  .object({
    access: z.enum(AUDIENCES),
    cacheableForAnonymous: z.boolean(),
    rateLimit: z.enum(["login", "account", "inquiry"]),
    adminUploads: z.boolean(),
    allowedWhileViewingAs: z.boolean(),
    header: z.boolean(),
    searchBar: z.boolean(),
    footer: z.boolean(),
  })
  .partial()
  .strict();

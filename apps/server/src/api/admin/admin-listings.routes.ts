import type { Core } from "@aea/core";
import { LISTING_DATA_ROOM_FLAGS, LISTING_WEB_FLAGS, listingWebSettingsSchema } from "@aea/domain";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { admittedUser } from "../../plugins/access.ts";

import { adminDealDetails } from "../advisors/listing-editing.routes.ts";
import { failureReply } from "../shared/replies.ts";

const errors = {
  400: failureReply,
  401: failureReply,
  403: failureReply,
  404: failureReply,
  409: failureReply,
};

/**
 * The Admin API's listing calls (spec §7): GetAdminDealDetails and UpdateListingWebSettings.
 * Admins only: anonymous 401, anyone else 403, an unknown listing 404.
 */
export async function adminListingsRoutes(app: FastifyInstance, { core }: { core: Core }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["Admin"];

  api.get(
    "/api/Admin/GetAdminDealDetails",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "A listing's header and picture URLs (staff)",
        querystring: z.object({ listingId: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: adminDealDetails, ...errors },
      },
    },
    async (request) => {
      return core.listingEditing.adminDetails(request.query.listingId);
    },
  );

  api.put(
    "/api/Admin/UpdateListingWebSettings",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change how a listing shows on the site (staff)",
        description: `JSON with \`listingId\` and any of: \`webStatus\` (the status text the site shows), ${[
          ...LISTING_WEB_FLAGS,
          ...LISTING_DATA_ROOM_FLAGS,
        ]
          .map((name) => `\`${name}\``)
          .join(
            ", ",
          )} (booleans). Fields left out keep their values; the deal order (RowNumber) is Reorder Deals' and not changed here. With \`updatedDate\` (the version the client read), a listing saved since answers 409 and nothing changes. Replies with the listing as GetDeals shows it.`,
        body: listingWebSettingsSchema,
        response: { 200: z.object({ ListingId: z.number() }).loose(), ...errors },
      },
    },
    async (request) => {
      const staff = admittedUser(request);
      return { ...(await core.listingEditing.updateWebSettings(staff, request.body, request.ip)) };
    },
  );
}

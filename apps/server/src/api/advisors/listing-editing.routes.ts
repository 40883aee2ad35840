import type { Core } from "@aea/core";
import {
  fail,
  IMAGE_TOO_LARGE,
  LISTING_IMAGE_MAX_BYTES,
  LISTING_IMAGE_SOURCES,
  LISTING_NOT_FOUND,
  type ListingImageSource,
  listingApiInput,
  listingFormSchema,
  listingFormValues,
  NO_IMAGE_FILE,
  notFound,
} from "@aea/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { readLimitedBody } from "../../http/body-limit.ts";
import { admittedUser } from "../../plugins/access.ts";
import { failureReply, invalidRequestReply } from "../shared/replies.ts";

const errors = {
  400: invalidRequestReply,
  401: failureReply,
  403: failureReply,
  404: failureReply,
  409: failureReply,
  413: failureReply,
};
const listingIdQuery = z.object({
  listingId: z.coerce
    .number({ error: "listingId must be a listing number" })
    .int("listingId must be a listing number")
    .min(1, "listingId must be a listing number")
    .max(2_147_483_647, "listingId must be a listing number"),
});
export const adminDealDetails = z
  .object({
    ListingId: z.number(),
    Header: z.string(),
    ImageUrl: z.string().nullable(),
    boxLogoUrl: z.string().nullable(),
    tombstoneUrl: z.string().nullable(),
  })
  .describe("A listing's pictures as staff see them (spec §3 Admin listing details)");

/** A multipart body may carry a 10 MB picture plus its part headers. */
const MULTIPART_LIMIT_BYTES = LISTING_IMAGE_MAX_BYTES + 64 * 1024;

/**
 * Staff edits of a listing through the Advisors API (spec §7): UpdateListing, and the cover, logo and
 * tombstone pictures (Update{Source}Image, Clear{Source}Image). Admins only: anonymous 401, anyone
 * else 403, an unknown listing 404.
 */
export async function listingEditingRoutes(app: FastifyInstance, { core }: { core: Core }) {
  // Multipart bodies are read whole (never past the limit) and split by the platform's own parser.
  app.addContentTypeParser(
    /^multipart\/form-data/,
    { bodyLimit: MULTIPART_LIMIT_BYTES },
    async (request: FastifyRequest, payload: FastifyRequest["raw"]) => {
      try {
        return await readLimitedBody(payload, request.headers["content-length"], MULTIPART_LIMIT_BYTES);
      } catch {
        throw fail("IMAGE_TOO_LARGE", IMAGE_TOO_LARGE);
      }
    },
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["Advisors"];

  api.post(
    "/api/Advisors/UpdateListing",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Save a listing's fields (staff)",
        description:
          "The body is a listing in GetDeals' shape; only the fields sent change. Derived and read-only fields (ListingId, listingType, listingTypeDesc, statusId, sold, searchGroup, Url, image URLs, hasLogoImage, liked, hasDueDiligenceAccess, RowNumber, createdDate, mediaUpdatedDate) are ignored, so a client can read a listing, change a field and send it back. `updatedDate` is the version the client read: if the listing was saved since, the reply is 409 and nothing changes. Checked like the staff editor's form: an unknown PLS code, coordinates out of range or a price that is not a number answer 400 with the field's message.",
        querystring: listingIdQuery,
        body: z.record(z.string(), z.unknown()).describe("Listing fields as GetDeals returns them"),
        response: {
          200: z.object({ ListingId: z.number(), updatedDate: z.string().nullable() }).loose(),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const staff = admittedUser(request);
      const { listingId } = request.query;
      const listing = await core.listings.findById(listingId);
      if (!listing) throw notFound(LISTING_NOT_FOUND);
      const current = listingFormValues(listing, await core.listings.privateDetails(listingId));
      if (!("updatedDate" in request.body))
        throw fail(
          "VALIDATION",
          "updatedDate is required: send the listing's updatedDate as you read it, so a change made since is not overwritten.",
        );
      const parsed = listingFormSchema.safeParse(listingApiInput(current, request.body));
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: issue.path.join("."),
          message: issue.message,
        }));
        const [first] = issues;
        return reply
          .code(400)
          .send({ message: `${first.path}: ${first.message}`, code: "VALIDATION", issues });
      }
      return { ...(await core.listingEditing.update(staff, listingId, parsed.data, request.ip)) };
    },
  );

  for (const source of LISTING_IMAGE_SOURCES) imageRoutes(source);

  function imageRoutes(source: ListingImageSource) {
    api.post(
      `/api/Advisors/Update${source}Image`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: `Replace a listing's ${source.toLowerCase()} picture (staff)`,
          description: `multipart/form-data with the picture in the field \`file\` (at most 10 MB). It is checked by its content (JPEG, PNG, WebP, GIF or AVIF), ${
            source === "Cover"
              ? "cropped to 1200×675 (16:9)"
              : source === "Logo"
                ? "fitted into 150×150 on white"
                : "fitted into 600×600 on white"
          }, stored, and the listing's mediaUpdatedDate moves so its picture URLs change. Not a picture: 400.`,
          querystring: listingIdQuery,
          consumes: ["multipart/form-data"],
          response: { 200: adminDealDetails, ...errors },
        },
      },
      async (request) => {
        const staff = admittedUser(request);
        const file = await uploadedFile(request);
        return core.listingEditing.replaceImage(staff, request.query.listingId, source, file, request.ip);
      },
    );

    api.post(
      `/api/Advisors/Clear${source}Image`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: `Remove a listing's ${source.toLowerCase()} picture (staff)`,
          description: "Empty body. The listing no longer names the picture and the stored file is deleted.",
          querystring: listingIdQuery,
          response: { 200: adminDealDetails, ...errors },
        },
      },
      async (request) => {
        const staff = admittedUser(request);
        return core.listingEditing.clearImage(staff, request.query.listingId, source, request.ip);
      },
    );
  }
}

/** The bytes of the multipart field `file`; 400 when the body is not multipart or has no file. */
async function uploadedFile(request: FastifyRequest): Promise<Uint8Array> {
  const type = request.headers["content-type"] ?? "";
  if (!(request.body instanceof Buffer) || !type.startsWith("multipart/form-data"))
    throw fail("NO_FILE", NO_IMAGE_FILE);
  let form: FormData;
  try {
    form = await new Response(request.body, { headers: { "content-type": type } }).formData();
  } catch {
    throw fail("NO_FILE", NO_IMAGE_FILE);
  }
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) throw fail("NO_FILE", NO_IMAGE_FILE);
  if (file.size > LISTING_IMAGE_MAX_BYTES) throw fail("IMAGE_TOO_LARGE", IMAGE_TOO_LARGE);
  return new Uint8Array(await file.arrayBuffer());
}

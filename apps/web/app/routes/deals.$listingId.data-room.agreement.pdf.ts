import { Readable } from "node:stream";
import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { listingOf, notFound } from "../features/data-room/data-room-loaders.server";
import { downloadResponse } from "../lib/download.server";
import type { Route } from "./+types/deals.$listingId.data-room.agreement.pdf";

export const handle = { access: "anyone" } satisfies RouteHandle;

/**
 * A signed confidentiality agreement: the buyer's own, or with `?userId=` (staff only) any buyer's.
 * Anything else, including a malformed `userId`, is the 404 of a missing file.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const listing = await listingOf(core, params.listingId);
  const asked = new URL(request.url).searchParams.get("userId");
  const userId = asked === null ? undefined : Number(asked);
  if (userId !== undefined && !(Number.isSafeInteger(userId) && userId > 0)) throw notFound();
  const signed = await core.agreements.signedPdf(user, listing.ListingId, userId);
  const body = signed && (await signed.file.open());
  if (!signed || !body) throw notFound();
  const name = `confidentiality-agreement-${listing.ListingId}${userId && userId !== user?.id ? `-user-${userId}` : ""}.pdf`;
  return downloadResponse(Readable.toWeb(body) as ReadableStream, {
    name,
    contentType: "application/pdf",
    size: signed.file.object.size,
  });
}

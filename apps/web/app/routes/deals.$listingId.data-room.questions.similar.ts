import { type RouteHandle, similarQuestionsQuerySchema } from "@aea/domain";
import { appContext } from "../app-context";
import { listingOf, orNotFound } from "../features/data-room/data-room-loaders.server";
import type { Route } from "./+types/deals.$listingId.data-room.questions.similar";

// The questions page's audience; the room decides the rest, with its 404.
export const handle = { access: "signed-in-via-login" } satisfies RouteHandle;

// What a buyer's room holds is theirs alone: no shared cache keeps it.
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The room's published questions like `?text=`, best first: what the ask form shows while the buyer
 * types, once it is interactive (before then, its first Send shows them). Core lets in only those who
 * may open the room; anyone else gets the room's 404.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const listing = await listingOf(core, params.listingId);
  const parsed = similarQuestionsQuerySchema.safeParse({
    text: new URL(request.url).searchParams.get("text") ?? undefined,
  });
  if (!parsed.success)
    return Response.json({ message: parsed.error.issues[0]?.message }, { status: 400, headers: PRIVATE });
  const similar = await orNotFound(core.dataRoomQuestions.similar(user, listing.ListingId, parsed.data.text));
  return Response.json({ similar }, { headers: PRIVATE });
}

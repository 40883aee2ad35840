import {
  BID_TEXTS,
  bestAndFinalSchema,
  changeBidRoundSchema,
  isAppError,
  markWinnerSchema,
  openBidRoundSchema,
  type RouteHandle,
  SERVER_ERROR,
  submitBidSchema,
  unsealBidsSchema,
} from "@aea/domain";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { appContext } from "../app-context";
import type { BidsAction } from "../features/data-room/bids/bids-data";
import { BidsPage } from "../features/data-room/bids/bids-page";
import { enterRoom, listingOf, notFound } from "../features/data-room/data-room-loaders.server";
import { roomSubpageMeta } from "../features/data-room/room-subpage";
import type { Route } from "./+types/deals.$listingId.data-room.bids";

// Signed-in only (a visitor logs in and comes back); the room decides the rest, with its 404.
export const handle = { access: "signed-in-via-login" } satisfies RouteHandle;

/**
 * A data room's bids (issue 23): for a buyer the round, the bid form until the deadline, the receipt
 * and every revision; for staff the round's form, the bidder count while sealed, and after the
 * deadline the bids side by side with the export, the winner and best and final.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { core, user } = context.get(appContext);
  const { listing, deal } = await enterRoom(core, user, params.listingId);
  const view = await core.dataRoomBids.view(user, listing.ListingId);
  if (!view.isStaff) {
    const secureFiles = user ? await core.secureFiles.mine(user) : [];
    return {
      role: "buyer" as const,
      deal,
      round: view.round,
      mine: view.mine,
      cannotBid: view.cannotBid,
      secureFiles: secureFiles.map((f) => ({ id: f.id, name: f.name })),
    };
  }
  return {
    role: "staff" as const,
    deal,
    round: view.round,
    bidders: view.bidders,
    sealed: view.sealed,
    facts: view.facts,
    bids: view.bids,
    decided: view.decided,
  };
}

const NOTICES: Record<BidsAction["intent"], string> = {
  bid: BID_TEXTS.submitted,
  open: BID_TEXTS.opened,
  "change-round": BID_TEXTS.changed,
  unseal: BID_TEXTS.unsealed,
  winner: BID_TEXTS.winnerMarked,
  "best-and-final": BID_TEXTS.bestAndFinalAsked,
};

export async function action({ context, params, request }: Route.ActionArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const listing = await listingOf(core, params.listingId);
  if (!user) throw notFound();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as BidsAction["intent"];
  const bids = core.dataRoomBids;
  const id = listing.ListingId;

  /** Parses the form, runs the change; a refusal the viewer can act on comes back as the form's message. */
  async function run<Schema extends z.ZodType>(
    schema: Schema,
    work: (value: z.output<Schema>) => Promise<unknown>,
  ) {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await work(submission.value as z.output<Schema>);
    } catch (error) {
      if (isAppError(error) && error.status === 404) throw notFound();
      const message = isAppError(error) && error.status < 500 ? error.message : SERVER_ERROR;
      if (message === SERVER_ERROR) console.error(error);
      const status = isAppError(error) ? error.status : 500;
      return data(
        { intent, result: submission.reply({ formErrors: [message] }), error: message },
        { status },
      );
    }
    return { intent, result: submission.reply({ resetForm: intent !== "bid" }), notice: NOTICES[intent] };
  }

  if (intent === "bid") return run(submitBidSchema, (v) => bids.submit(user, id, v, ipAddress));
  if (intent === "open") return run(openBidRoundSchema, (v) => bids.openRound(user, id, v, ipAddress));
  if (intent === "change-round")
    return run(changeBidRoundSchema, (v) => bids.changeRound(user, id, v, ipAddress));
  if (intent === "unseal") return run(unsealBidsSchema, (v) => bids.unseal(user, id, v.reason, ipAddress));
  if (intent === "winner") return run(markWinnerSchema, (v) => bids.markWinner(user, id, v.bidId, ipAddress));
  if (intent === "best-and-final")
    return run(bestAndFinalSchema, (v) => bids.bestAndFinal(user, id, v.deadline, ipAddress));
  return data({ intent, notice: undefined }, { status: 400 });
}

export const meta: Route.MetaFunction = roomSubpageMeta(BID_TEXTS.title);

export default function DataRoomBids({ loaderData, actionData }: Route.ComponentProps) {
  return <BidsPage data={loaderData} action={actionData as BidsAction | undefined} />;
}

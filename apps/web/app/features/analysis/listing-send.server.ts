import type { Core } from "@aea/core/types";
import {
  type AnalysisState,
  analysisHref,
  engineFilters,
  readAnalysisState,
  type SessionUser,
} from "@aea/domain";
import { data, redirect } from "react-router";
import type { ListingSendView } from "./analysis-data";
import { isRefusal, withSavedQuery } from "./saved-state.server";

/**
 * The send-a-listing panel of the buyers' page (issue 22 item 6): the public listings to choose from,
 * and with `send={ListingId}` in the address the preview of sending it to the buyers the page found;
 * `sent=N` after a send says how many it reaches.
 */
export async function listingSendView(
  core: Core,
  user: SessionUser,
  params: URLSearchParams,
  state: AnalysisState,
): Promise<ListingSendView | null> {
  if (state.dataset !== "participant") return null;
  const listings = await core.listingSends.sendableListings(user);
  const chosen = params.get("send");
  const sent = Number.parseInt(params.get("sent") ?? "", 10);
  const view: ListingSendView = {
    listings,
    chosen,
    preview: null,
    problem: null,
    sent: Number.isFinite(sent) && sent >= 0 ? sent : null,
  };
  if (chosen === null) return view;
  try {
    view.preview = await core.listingSends.preview(user, {
      listingId: chosen,
      filters: engineFilters(state),
      queryUUID: state.queryUUID,
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    view.problem = error.message;
  }
  return view;
}

/**
 * The Send button: the listing goes to the buyers the page's address (`query`, with its QueryUUID)
 * finds now, and the page comes back saying how many; a refusal core explains (a listing no longer
 * public, a query too wide) is shown on the page, changing nothing.
 */
export async function sendListing(core: Core, user: SessionUser, request: Request, path: string) {
  const form = await request.formData();
  const params = new URLSearchParams(String(form.get("query") ?? ""));
  const read = readAnalysisState(params);
  const { state, problem } = await withSavedQuery(core, user, params, { ...read, dataset: "participant" });
  if (problem) return data({ sendProblem: problem }, { status: 400 });
  try {
    const { sent } = await core.listingSends.send(user, {
      listingId: form.get("listingId"),
      filters: engineFilters(state),
      queryUUID: state.queryUUID,
    });
    const back = analysisHref(path, read);
    return redirect(`${back}${back.includes("?") ? "&" : "?"}sent=${sent}`);
  } catch (error) {
    if (!isRefusal(error) || error.status !== 400) throw error;
    return data({ sendProblem: error.message }, { status: 400 });
  }
}

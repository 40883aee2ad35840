import {
  CHOOSE_EXPORT_FORMAT,
  engineFilters,
  exportFormatOf,
  type RouteHandle,
  readAnalysisState,
  savedQueryDataset,
  stateFiltersOf,
} from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { downloadRefused, downloadResponse, fileDay } from "../lib/download.server";
import { admittedUser } from "../lib/guards";
import { stepUpNeedOf } from "../lib/step-up";
import type { Route } from "./+types/analysis.export";

export const handle = { access: "admin-or-claim" } satisfies RouteHandle;

/**
 * The analysis page's results (its address's filters and sort, or its QueryUUID's) as CSV or XLSX
 * (`?format=csv|xlsx`), through core's exporter; a stale second factor confirms first, then comes back.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  const format = exportFormatOf(url);
  if (!format) return downloadRefused([CHOOSE_EXPORT_FORMAT]);
  let state = readAnalysisState(url.searchParams);
  if (state.queryUUID) {
    const saved = await core.savedQueries.filters(user, state.queryUUID);
    const dataset = url.searchParams.has("dataset")
      ? state.dataset
      : savedQueryDataset(saved.filters, saved.customChart);
    state = { ...state, dataset, filters: stateFiltersOf(dataset, saved.filters) };
  }
  const sessionToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  try {
    const file = await core.analysisExport.export(
      { user, sessionToken },
      state.dataset,
      {
        filters: engineFilters(state),
        sorts: state.sort ? [{ sortField: state.sort.field, isAscending: state.sort.ascending }] : [],
      },
      format,
    );
    return downloadResponse(file.body, {
      name: `analysis-${state.dataset}-${fileDay()}.${format}`,
      contentType: file.contentType,
    });
  } catch (error) {
    if (!stepUpNeedOf(error, new FormData())) throw error;
    const page = url.pathname.replace(/\/export(\.data)?$/, "");
    url.searchParams.delete("format");
    const back = `${page}${url.searchParams.size ? `?${url.searchParams}` : ""}`;
    throw redirect(`/account/confirm?redirectTo=${encodeURIComponent(back)}`);
  }
}

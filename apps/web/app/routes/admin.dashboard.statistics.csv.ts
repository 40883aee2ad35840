import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { downloadResponse, fileDay } from "../lib/download.server";
import { admittedUser } from "../lib/guards";
import type { Route } from "./+types/admin.dashboard.statistics.csv";

export const handle = { access: "management" } satisfies RouteHandle;

/** Every listing's deal statistics as CSV (management only, like the Mgmt Dash itself). */
export async function loader({ context }: Route.LoaderArgs) {
  const manager = admittedUser(context);
  const { core } = context.get(appContext);
  const file = await core.dealStatistics.csv(manager);
  return downloadResponse(file.body, {
    name: `deal-statistics-${fileDay()}.csv`,
    contentType: file.contentType,
  });
}

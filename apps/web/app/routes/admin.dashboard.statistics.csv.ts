import type { RouteHandle } from "@aea/domain";
import { appContext } from "../app-context";
import { admittedUser } from "../lib/guards";
import type { Route } from "./+types/admin.dashboard.statistics.csv";

export const handle = { access: "management" } satisfies RouteHandle;

/** Every listing's deal statistics as CSV (management only, like the Mgmt Dash itself). */
export async function loader({ context }: Route.LoaderArgs) {
  const manager = admittedUser(context);
  const { core } = context.get(appContext);
  const csv = await core.dealStatistics.csv(manager);
  // The byte-order mark tells spreadsheets the file is UTF-8 (headers with dashes stay intact).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="deal-statistics-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

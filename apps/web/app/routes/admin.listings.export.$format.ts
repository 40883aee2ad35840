import { adminListingFilterSchema, type RouteHandle } from "@aea/domain";
import { data } from "react-router";
import { appContext } from "../app-context";
import type { Route } from "./+types/admin.listings.export.$format";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const handle = { access: "admin" } satisfies RouteHandle;

/** The staff listing list, with its filters, as CSV or XLSX (admins only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  if (params.format !== "csv" && params.format !== "xlsx") throw data(null, { status: 404 });
  const parsed = adminListingFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return new Response(`${parsed.error.issues.map((i) => i.message).join("\n")}\n`, {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  const headers = {
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "content-disposition": `attachment; filename="listings.${params.format}"`,
  };
  if (params.format === "csv")
    return new Response(await core.listingEditing.exportCsv(parsed.data), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8" },
    });
  return new Response(await core.listingEditing.exportXlsx(parsed.data, core.config.firmName), {
    headers: { ...headers, "content-type": XLSX_TYPE },
  });
}

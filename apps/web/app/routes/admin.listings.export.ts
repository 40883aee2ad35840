import {
  adminListingFilterSchema,
  CHOOSE_EXPORT_FORMAT,
  exportFormatOf,
  type RouteHandle,
} from "@aea/domain";
import { appContext } from "../app-context";
import { downloadRefused, downloadResponse } from "../lib/download.server";
import type { Route } from "./+types/admin.listings.export";

export const handle = { access: "admin" } satisfies RouteHandle;

/** The staff listing list, with its filters, as CSV or XLSX (`?format=csv|xlsx`; admins only). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  const format = exportFormatOf(url);
  if (!format) return downloadRefused([CHOOSE_EXPORT_FORMAT]);
  const { format: _, ...query } = Object.fromEntries(url.searchParams);
  const parsed = adminListingFilterSchema.safeParse(query);
  if (!parsed.success) return downloadRefused(parsed.error.issues.map((i) => i.message));
  const file = await core.listingEditing.export(parsed.data, format, core.config.firmName);
  return downloadResponse(file.body, { name: `listings.${format}`, contentType: file.contentType });
}

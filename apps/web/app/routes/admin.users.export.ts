import { userListQuery } from "@aea/domain";
import { data, redirect } from "react-router";
import { appContext } from "../app-context";
import { requireAdmin } from "../lib/guards";
import { stepUpNeedOf } from "../lib/step-up";
import type { Route } from "./+types/admin.users.export";

const types = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** The accounts of a search (/admin/users' query) as CSV or XLSX, for admins. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request);
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  const params = url.searchParams;
  const format = params.get("format");
  if (format !== "csv" && format !== "xlsx") throw data("Choose format=csv or format=xlsx.", { status: 400 });
  const sessionToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  let file: string | Buffer;
  try {
    file = await core.userList.export({ user, sessionToken }, userListQuery(params), format);
  } catch (error) {
    // An export needs a fresh second factor (decision 024): confirm, then back to the list to export.
    if (!stepUpNeedOf(error, new FormData())) throw error;
    params.delete("format");
    const back = `/admin/users${params.size ? `?${params}` : ""}`;
    throw redirect(`/account/confirm?redirectTo=${encodeURIComponent(back)}`);
  }
  const day = new Date().toISOString().slice(0, 10);
  // The byte-order mark tells spreadsheets a CSV is UTF-8 (names with accents stay intact).
  return new Response(typeof file === "string" ? `\uFEFF${file}` : new Uint8Array(file), {
    headers: {
      "content-type": types[format],
      "content-disposition": `attachment; filename="users-${day}.${format}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

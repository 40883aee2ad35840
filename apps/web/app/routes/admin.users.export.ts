import { CHOOSE_EXPORT_FORMAT, exportFormatOf, type RouteHandle, userListQuery } from "@aea/domain";
import { redirect } from "react-router";
import { appContext } from "../app-context";
import { downloadRefused, downloadResponse, fileDay } from "../lib/download.server";
import { admittedUser } from "../lib/guards";
import { stepUpNeedOf } from "../lib/step-up";
import type { Route } from "./+types/admin.users.export";

export const handle = { access: "admin" } satisfies RouteHandle;

/** The accounts of a search (/admin/users' query) as CSV or XLSX (`?format=csv|xlsx`), for admins. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = admittedUser(context);
  const { core } = context.get(appContext);
  const url = new URL(request.url);
  const params = url.searchParams;
  const format = exportFormatOf(url);
  if (!format) return downloadRefused([CHOOSE_EXPORT_FORMAT]);
  const sessionToken = core.sessionCookies.sessionTokenFrom(request.headers.get("cookie"));
  try {
    const file = await core.userList.export({ user, sessionToken }, userListQuery(params), format);
    return downloadResponse(file.body, {
      name: `users-${fileDay()}.${format}`,
      contentType: file.contentType,
    });
  } catch (error) {
    // An export needs a fresh second factor (decision 024): confirm, then back to the list to export.
    if (!stepUpNeedOf(error, new FormData())) throw error;
    params.delete("format");
    const back = `/admin/users${params.size ? `?${params}` : ""}`;
    throw redirect(`/account/confirm?redirectTo=${encodeURIComponent(back)}`);
  }
}

import type { RouteHandle } from "@aea/domain";
import { redirect } from "react-router";
import { DEFAULT_PITCHBOOK, pitchbookHref } from "../features/marketing/pitchbooks";

export const handle = { access: "anyone", cacheableForAnonymous: true } satisfies RouteHandle;

export function loader() {
  return redirect(pitchbookHref(DEFAULT_PITCHBOOK));
}

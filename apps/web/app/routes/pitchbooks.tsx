import { redirect } from "react-router";
import { DEFAULT_PITCHBOOK, pitchbookHref } from "../features/marketing/pitchbooks";

export function loader() {
  return redirect(pitchbookHref(DEFAULT_PITCHBOOK));
}

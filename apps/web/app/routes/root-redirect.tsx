import { redirect } from "react-router";

// '' → /home (§2).
export function loader() {
  return redirect("/home");
}

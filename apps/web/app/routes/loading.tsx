import type { RouteHandle } from "@aea/domain";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { LoadingIndicator } from "../components/ui/loading-indicator";
import { safeRedirectPath } from "../features/accounts/safe-redirect";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/loading";

// The spec's /loading route, header hidden (§2). Anyone may wait here: what it leads to checks access itself.
export const handle = {
  access: "anyone",
  header: false,
  searchBar: false,
  footer: false,
} satisfies RouteHandle;

/** Only paths on this site: a crafted link cannot bounce visitors elsewhere from here. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    next: safeRedirectPath(params.get("next"), "/home"),
    back: safeRedirectPath(params.get("back"), "/home"),
  };
}

/**
 * The browser itself goes on to `next` (a refresh, no script), keeping this page on screen until the
 * answer arrives; a download leaves it there, with the way back.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, "Loading") },
  { name: "robots", content: "noindex" },
  ...(loaderData ? [{ httpEquiv: "refresh", content: `0; url=${loaderData.next}` }] : []),
];

/**
 * The loading screen in front of a download that is built when asked for (a data room's zip): the
 * visitor sees at once that it is coming rather than a page that seems not to react.
 */
export default function Loading({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-5 px-6 py-20" aria-labelledby="loading-title">
      <h1 id="loading-title" className="font-bold text-2xl text-navy-900">
        Preparing your download
      </h1>
      <LoadingIndicator message="Your file is being put together. It starts downloading by itself in a moment; a large data room takes longer." />
      <p className="text-slate-650 text-sm">
        If nothing happens,{" "}
        <a href={loaderData.next} className="font-semibold text-navy-800 underline">
          start the download
        </a>
        .
      </p>
      <Link
        to={loaderData.back}
        className="inline-flex items-center gap-1.5 self-start font-semibold text-amber-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden size={16} /> Back
      </Link>
    </section>
  );
}

import { PAGE_MISSING, type RouteHandle } from "@aea/domain";
import { data, Link } from "react-router";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/not-found";

export const handle = { access: "anyone" } satisfies RouteHandle;

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Page missing") },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="font-bold text-3xl text-navy-900">{PAGE_MISSING}</h1>
      <p className="mt-4 text-slate-650">The page you asked for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/home"
          className="rounded-md bg-amber-500 px-5 py-2 font-semibold text-navy-950 hover:bg-amber-600"
        >
          Home page
        </Link>
        <Link
          to="/deals/public"
          className="rounded-md border border-navy-100 px-5 py-2 font-semibold text-navy-800 hover:bg-navy-50"
        >
          Browse assignments
        </Link>
      </div>
    </section>
  );
}

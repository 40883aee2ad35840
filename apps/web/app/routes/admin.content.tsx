import type { RouteHandle } from "@aea/domain";
import { FileText, Layers } from "lucide-react";
import { Link } from "react-router";
import { appContext } from "../app-context";
import { cardStyles } from "../components/staff/card";
import { StaffPage } from "../components/staff/staff-page";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/admin.content";

export const handle = { access: "admin" } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  return { collections: await core.contentEditing.collections() };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Content") },
  { name: "robots", content: "noindex" },
];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function ContentCollections({ loaderData }: Route.ComponentProps) {
  const { collections } = loaderData;
  return (
    <StaffPage
      title="Content"
      intro="The marketing site's pages, slides, services, team, posts and prices. Changes show on the site as soon as they are saved."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {collections.map((collection) => (
          <li key={collection.name}>
            <Link
              to={`/admin/content/${collection.name}`}
              className={`${cardStyles} flex h-full flex-col p-5 hover:shadow-raised`}
            >
              <span className="flex items-center gap-2 font-semibold text-lg text-navy-900">
                {collection.singleton ? (
                  <FileText aria-hidden size={18} className="text-navy-600" />
                ) : (
                  <Layers aria-hidden size={18} className="text-navy-600" />
                )}
                {collection.label}
              </span>
              <span className="mt-1 block text-slate-650 text-sm">
                {collection.singleton
                  ? collection.total > 0
                    ? "One page: edit its fields"
                    : "Not set up yet"
                  : plural(collection.total, "item")}
              </span>
              {collection.singleton ? null : (
                <span className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-slate-650 text-xs tabular">
                  <span>{collection.counts.published} published</span>
                  <span>{plural(collection.counts.draft, "draft")}</span>
                  {collection.counts.archived ? <span>{collection.counts.archived} archived</span> : null}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </StaffPage>
  );
}

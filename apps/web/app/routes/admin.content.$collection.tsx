import { CONTENT_STATUSES, type ContentStatus, contentCollection, type RouteHandle } from "@aea/domain";
import { ArrowLeft, Plus } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { StaffPage } from "../components/staff/staff-page";
import { buttonStyles } from "../components/ui/button-styles";
import { publicPathOf } from "../features/content-editor/collection-pages";
import { ItemList } from "../features/content-editor/item-list";
import { PreviewLink } from "../features/content-editor/preview-link";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/admin.content.$collection";

function collectionOf(name: string) {
  const collection = contentCollection(name);
  if (!collection) throw data(null, { status: 404 });
  return collection;
}

export const handle = { access: "admin" } satisfies RouteHandle;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const collection = collectionOf(params.collection);
  const items = await core.contentEditing.items(collection.name);
  // A singleton has no list: its one item's form is the page.
  if (collection.singleton) {
    throw redirect(`/admin/content/${collection.name}/${items[0]?.id ?? "new"}`);
  }
  return {
    name: collection.name,
    label: collection.label,
    publicPath: publicPathOf(collection.name, {}),
    items: items.map(({ id, status, title, updatedAt }) => ({ id, status, title, updatedAt })),
  };
}

/** Moves, reorders and publishes from the list; each answers with the list reloaded. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const collection = collectionOf(params.collection);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  try {
    switch (intent) {
      case "move-up":
      case "move-down":
        await core.contentEditing.move(
          admittedUser(context),
          collection.name,
          id,
          intent === "move-up" ? "up" : "down",
        );
        return { ok: true };
      case "reorder": {
        const ids = String(form.get("ids") ?? "")
          .split(",")
          .filter(Boolean)
          .map(Number);
        if (ids.some((n) => !Number.isInteger(n))) return data({ ok: false }, { status: 400 });
        await core.contentEditing.reorder(admittedUser(context), collection.name, ids);
        return { ok: true };
      }
      case "status": {
        const status = String(form.get("status"));
        if (!CONTENT_STATUSES.includes(status as ContentStatus)) return data({ ok: false }, { status: 400 });
        const found = await core.contentEditing.setStatus(
          admittedUser(context),
          collection.name,
          id,
          status as ContentStatus,
        );
        return found ? { ok: true } : data({ ok: false }, { status: 404 });
      }
      default:
        return data({ ok: false }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof Error && error.name === "Error" && /No item/.test(error.message)) {
      return data({ ok: false }, { status: 404 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, `${loaderData?.label ?? "Content"} · Content`) },
  { name: "robots", content: "noindex" },
];

export default function ContentCollection({ loaderData }: Route.ComponentProps) {
  const { name, label, items, publicPath } = loaderData;
  const hydrated = useHydrated();
  return (
    <StaffPage
      title={label}
      intro={
        items.length > 1
          ? "The site lists these in this order. Drag an item by its handle, or use the arrows, to reorder."
          : undefined
      }
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link
          to="/admin/content"
          className="inline-flex items-center gap-1.5 font-medium text-navy-700 text-sm hover:underline"
        >
          <ArrowLeft aria-hidden size={16} /> All content
        </Link>
        <div className="flex flex-wrap gap-2">
          {publicPath ? <PreviewLink path={publicPath}>Preview on the site</PreviewLink> : null}
          <Link to={`/admin/content/${name}/new`} className={buttonStyles.primary}>
            <Plus aria-hidden size={18} /> New item
          </Link>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="rounded-card border border-navy-100 border-dashed bg-white p-8 text-center text-slate-650">
          Nothing here yet. Add the first item with “New item”.
        </p>
      ) : (
        <ItemList collection={name} items={items} hydrated={hydrated} />
      )}
    </StaffPage>
  );
}

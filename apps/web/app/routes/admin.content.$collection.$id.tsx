import { type ContentField, contentCollection, isAppError, type RouteHandle } from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { appContext } from "../app-context";
import { StaffPage } from "../components/staff/staff-page";
import { publicPathOf } from "../features/content-editor/collection-pages";
import type { RelationOption } from "../features/content-editor/editor-context";
import { type FileInfo, fileInfo } from "../features/content-editor/file-info";
import {
  FILE_TITLE_PREFIX,
  type FormValues,
  fileIdsOf,
  formToInput,
  UPLOAD_PREFIX,
} from "../features/content-editor/form-values";
import { ItemForm } from "../features/content-editor/item-form";
import { BodyTooLarge, limitedFormData } from "../features/content-editor/multipart.server";
import { StatusBadge } from "../features/content-editor/status-badge";
import { admittedUser } from "../lib/guards";
import { pageTitle } from "../lib/site";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/admin.content.$collection.$id";

// The whole form when JavaScript is off and files ride along with it; each file is still held to 10 MB.
const MAX_FORM_BYTES = 40 * 1024 * 1024;

function collectionOf(name: string) {
  const collection = contentCollection(name);
  if (!collection) throw data(null, { status: 404 });
  return collection;
}

/** "new", or the item's integer id; anything else is a missing page. */
function itemIdOf(param: string): number | null {
  if (param === "new") return null;
  if (!/^\d{1,9}$/.test(param)) throw data(null, { status: 404 });
  return Number(param);
}

function relationCollections(fields: readonly ContentField[]): string[] {
  return fields.flatMap((field) =>
    field.type === "relation" || field.type === "relations"
      ? [field.collection]
      : field.type === "group"
        ? relationCollections(field.fields)
        : [],
  );
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { core } = context.get(appContext);
  const collection = collectionOf(params.collection);
  const id = itemIdOf(params.id);
  const editing = core.contentEditing;
  if (id === null && collection.singleton) {
    const [existing] = await editing.items(collection.name);
    if (existing) throw redirect(`/admin/content/${collection.name}/${existing.id}`);
  }
  const item = id === null ? null : await editing.item(collection.name, id);
  if (id !== null && !item) throw data(null, { status: 404 });
  const values: FormValues = item ? { ...item.data, status: item.status } : { status: "draft" };
  const [files, options] = await Promise.all([
    editing.files(fileIdsOf(collection.fields, values)),
    Promise.all(
      [...new Set(relationCollections(collection.fields))].map(
        async (name) => [name, await editing.relationOptions(name)] as const,
      ),
    ),
  ]);
  return {
    name: collection.name,
    itemId: item?.id ?? null,
    /** Changes with every save, so the form starts again from what was stored. */
    revision: item?.updatedAt ?? "new",
    status: item?.status ?? null,
    title: item ? ((await editing.items(collection.name)).find((i) => i.id === item.id)?.title ?? "") : "",
    values,
    files: Object.fromEntries(files.map((file) => [file.id, fileInfo(file)])) as Record<string, FileInfo>,
    options: Object.fromEntries(options) as Record<string, RelationOption[]>,
    publicPath: item ? publicPathOf(collection.name, item.data) : null,
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

// An admin's upload may pass the 1 MB page-form limit: the action reads and limits it itself.
export const handle = { access: "admin", adminUploads: true } satisfies RouteHandle;

/**
 * Saves the form. Files posted with it (JavaScript off) are stored first and take their fields'
 * places; then the whole item is validated and nothing is saved unless all of it is valid.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { core } = context.get(appContext);
  const collection = collectionOf(params.collection);
  const id = itemIdOf(params.id);
  let form: FormData;
  try {
    form = await limitedFormData(request, MAX_FORM_BYTES);
  } catch (error) {
    const message =
      error instanceof BodyTooLarge
        ? "The form with its files is larger than 40 MB."
        : "The form could not be read.";
    return data({ result: refusal({ item: message }), values: null }, { status: 413 });
  }

  const errors: Record<string, string> = {};
  for (const [key, value] of [...form.entries()]) {
    if (!key.startsWith(UPLOAD_PREFIX) || typeof value === "string" || value.size === 0) continue;
    const path = key.slice(UPLOAD_PREFIX.length);
    const file = await core.contentEditing
      .upload(admittedUser(context), {
        bytes: new Uint8Array(await value.arrayBuffer()),
        filename: value.name,
      })
      .catch((error: unknown) => {
        // A refused file is told beside its field; anything else is a fault.
        if (!isAppError(error) || error.code !== "UPLOAD_REJECTED") throw error;
        errors[path] = `${value.name}: ${error.message}`;
      });
    if (!file) continue;
    if (form.getAll(path).length > 1 || isFilesField(collection.fields, path)) form.append(path, file.id);
    else form.set(path, file.id);
  }
  const input = formToInput(collection.name, form);
  if (Object.keys(errors).length > 0)
    return data({ result: refusal(errors), values: input }, { status: 400 });

  const result = await core.contentEditing.save(
    admittedUser(context),
    collection.name,
    id ?? undefined,
    input,
  );
  if (!result.ok) return data({ result: refusal(result.errors), values: input }, { status: 400 });
  const titles = Object.fromEntries(
    [...form.entries()]
      .filter(([key, value]) => key.startsWith(FILE_TITLE_PREFIX) && typeof value === "string")
      .map(([key, value]) => [key.slice(FILE_TITLE_PREFIX.length), String(value)]),
  );
  await core.contentEditing.setFileTitles(admittedUser(context), titles);
  return redirect(`/admin/content/${collection.name}/${result.item.id}?saved=1`);
}

/** A refused save as the form reads it: each control's message under its name (the item's own under "item"). */
function refusal(errors: Record<string, string>): SubmissionResult<string[]> {
  return {
    status: "error",
    error: Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, [message]])),
  };
}

function isFilesField(fields: readonly ContentField[], path: string): boolean {
  const [head, index, ...rest] = path.split(".");
  const field = fields.find((f) => f.name === head);
  if (!field) return false;
  if (field.type === "group" && rest.length > 0) return isFilesField(field.fields, rest.join("."));
  return field.type === "files" && index === undefined;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(matches, `${loaderData?.title || "New item"} · Content`) },
  { name: "robots", content: "noindex" },
];

export default function ContentItemEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { name, itemId, revision, status, title, values, files, options, publicPath, saved } = loaderData;
  const collection = contentCollection(name);
  const hydrated = useHydrated();
  if (!collection) return null;
  const heading = collection.singleton
    ? collection.label
    : itemId === null
      ? `New: ${collection.label}`
      : title;
  return (
    <StaffPage
      title={heading}
      intro={
        <span className="flex flex-wrap items-center gap-2">
          {status ? <StatusBadge status={status} /> : null}
          <span>
            {collection.label}
            {itemId !== null && !collection.singleton ? ` · item ${itemId}` : ""}
          </span>
        </span>
      }
    >
      <Link
        to={collection.singleton ? "/admin/content" : `/admin/content/${name}`}
        className="mb-4 inline-flex items-center gap-1.5 font-medium text-navy-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden size={16} />{" "}
        {collection.singleton ? "All content" : `All ${collection.label.toLowerCase()}`}
      </Link>
      <ItemForm
        key={`${itemId ?? "new"}:${revision}`}
        collection={collection}
        values={actionData?.values ?? values}
        files={files}
        options={options}
        lastResult={actionData?.result ?? null}
        hydrated={hydrated}
        publicPath={publicPath}
        saved={saved && !actionData}
      />
    </StaffPage>
  );
}

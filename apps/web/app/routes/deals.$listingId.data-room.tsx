import type { FileEntry } from "@aea/core/types";
import {
  DATA_ROOM_TEXTS,
  dataRoomEntryRedirect,
  dataRoomFilePath,
  dataRoomFolderZipPath,
  dataRoomPath,
  formatFileSize,
  isPreviewable,
  type RouteHandle,
} from "@aea/domain";
import {
  ChevronRight,
  Download,
  Eye,
  FolderInput,
  FolderPlus,
  Pencil,
  StickyNote,
  Trash,
  Upload,
} from "lucide-react";
import { useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import { appContext } from "../app-context";
import { buttonStyles } from "../components/ui/button-styles";
import { notFound, orNotFound } from "../features/data-room/data-room-loaders.server";
import { FileIcon, fileKindLabel } from "../features/data-room/file-icon";
import { FilePreview } from "../features/data-room/file-preview";
import { FolderTree } from "../features/data-room/folder-tree";
import { NoteDialog, type NoteTarget } from "../features/data-room/note-dialog";
import { type RoomItem, type StaffAction, StaffDialog } from "../features/data-room/staff-dialog";
import { Uploader } from "../features/data-room/uploader";
import { pageTitle } from "../lib/site";
import type { Route } from "./+types/deals.$listingId.data-room";

const LISTING_ID = /^[1-9][0-9]{0,9}$/;
const FOLDER_ID = /^[1-9][0-9]{0,9}$/;

export const handle = { access: "anyone" } satisfies RouteHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { core, user, ipAddress } = context.get(appContext);
  const listing = LISTING_ID.test(params.listingId)
    ? await core.listings.findById(Number(params.listingId))
    : undefined;
  if (!listing) throw notFound();
  // The way in: sign in, the access code, the agreement; a 404 for a room the viewer may not know of.
  const step = await core.dataRoomAccess.step(user, listing);
  if (step !== "open") {
    const to = dataRoomEntryRedirect(listing.ListingId, step);
    throw to ? redirect(to) : notFound();
  }
  const folderParam = new URL(request.url).searchParams.get("folder");
  if (folderParam !== null && !FOLDER_ID.test(folderParam)) throw notFound();
  const { view } = await orNotFound(
    core.dataRoomView.room(user, listing.ListingId, Number(folderParam ?? 0), ipAddress),
  );
  return {
    listing: { ListingId: listing.ListingId, Header: listing.Header },
    view,
    isStaff: user?.isAdmin === true,
    maxFileMb: core.config.dataRoomMaxFileMb,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      matches,
      `${DATA_ROOM_TEXTS.title}${loaderData ? ` | ${loaderData.listing.Header}` : ""}`,
    ),
  },
  { name: "robots", content: "noindex" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export default function DataRoom({ loaderData }: Route.ComponentProps) {
  const { listing, view, isStaff, maxFileMb } = loaderData;
  const id = listing.ListingId;
  const revalidator = useRevalidator();
  const [preview, setPreview] = useState<{ id: number; name: string }>();
  const [noteTarget, setNoteTarget] = useState<NoteTarget>();
  const [staffAction, setStaffAction] = useState<StaffAction>();
  const [uploading, setUploading] = useState(false);
  const refresh = () => void revalidator.revalidate();

  const hrefOf = (folderId: number) =>
    folderId ? `${dataRoomPath(id)}?folder=${folderId}` : dataRoomPath(id);
  const byId = new Map(view.folders.map((folder) => [folder.id, folder]));
  const current = byId.get(view.currentFolderId);
  const trail = [];
  for (let folder = current; folder; folder = byId.get(folder.parentId)) trail.unshift(folder);
  const subfolders = view.folders.filter((folder) => folder.parentId === view.currentFolderId);
  const empty = subfolders.length === 0 && view.files.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <nav aria-label="Breadcrumb" className="text-slate-650 text-sm">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={`/deals/${id}`} className="hover:underline">
              Deal #{id}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight size={14} />
          </li>
          <li>
            {current ? (
              <Link to={hrefOf(0)} className="hover:underline">
                {DATA_ROOM_TEXTS.title}
              </Link>
            ) : (
              <span aria-current="page">{DATA_ROOM_TEXTS.title}</span>
            )}
          </li>
          {trail.map((folder) => (
            <li key={folder.id} className="flex items-center gap-1">
              <ChevronRight aria-hidden size={14} />
              {folder.id === current?.id ? (
                <span aria-current="page">
                  {folder.index} {folder.name}
                </span>
              ) : (
                <Link to={hrefOf(folder.id)} className="hover:underline">
                  {folder.index} {folder.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <header className="mt-3 flex flex-wrap items-end justify-between gap-3 border-navy-100 border-b pb-4">
        <div className="min-w-0">
          <p className="font-semibold text-amber-700 text-sm uppercase tracking-wide">
            {DATA_ROOM_TEXTS.title}
          </p>
          <h1 className="font-bold text-2xl text-navy-900 leading-tight sm:text-3xl">{listing.Header}</h1>
          <p className="mt-1 text-slate-650 text-sm">
            {view.totalFiles} {view.totalFiles === 1 ? "document" : "documents"} in {view.folders.length}{" "}
            folders. PDFs are stamped with your name and the time when you view or download them.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={dataRoomFolderZipPath(id, view.currentFolderId)}
            className={buttonStyles.secondary}
            download
          >
            <Download aria-hidden size={16} /> {current ? "Download folder (zip)" : "Download all (zip)"}
          </a>
          {isStaff ? (
            <>
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => setStaffAction({ action: "new-folder", parentId: view.currentFolderId })}
              >
                <FolderPlus aria-hidden size={16} /> New folder
              </button>
              <button
                type="button"
                className={buttonStyles.primary}
                aria-expanded={uploading}
                onClick={() => setUploading((open) => !open)}
              >
                <Upload aria-hidden size={16} /> Upload
              </button>
            </>
          ) : null}
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_1fr]">
        <aside className="rounded-card border border-navy-100 bg-white p-2 lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto">
          <FolderTree
            folders={view.folders}
            currentFolderId={view.currentFolderId}
            hrefOf={hrefOf}
            rootLabel="All documents"
          />
        </aside>

        <section aria-labelledby="folder-heading" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="folder-heading" className="font-semibold text-lg text-navy-900">
              {current ? `${current.index} ${current.name}` : "All documents"}
            </h2>
            {isStaff && current ? (
              <FolderActions
                item={{ kind: "folder", id: current.id, name: current.name }}
                onAction={setStaffAction}
              />
            ) : null}
          </div>

          {isStaff && uploading ? (
            <div className="mt-4">
              <Uploader
                label={`Upload to ${current ? `${current.index} ${current.name}` : "the top level"}`}
                destination={{ target: "data-room", listingId: id, folderId: view.currentFolderId }}
                maxFileMb={maxFileMb}
                onFiled={refresh}
              />
            </div>
          ) : null}

          {empty ? (
            <p className="mt-6 rounded-card border border-navy-100 border-dashed p-6 text-center text-slate-650">
              {current ? DATA_ROOM_TEXTS.emptyFolder : DATA_ROOM_TEXTS.emptyRoom}
            </p>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-card border border-navy-100 bg-white">
              <table className="w-full text-sm">
                <caption className="sr-only">
                  Folders and documents in {current ? current.name : "the data room"}
                </caption>
                <thead className="bg-navy-50 text-left text-slate-650 text-xs uppercase tracking-wide">
                  <tr>
                    <th scope="col" className="w-14 px-3 py-2">
                      Index
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Name
                    </th>
                    <th scope="col" className="hidden px-3 py-2 md:table-cell">
                      Type
                    </th>
                    <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
                      Size
                    </th>
                    <th scope="col" className="hidden px-3 py-2 lg:table-cell">
                      Date
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-navy-100">
                  {subfolders.map((folder) => (
                    <tr key={`folder-${folder.id}`}>
                      <td className="px-3 py-2 text-slate-650 tabular-nums">{folder.index}</td>
                      <td className="px-3 py-2">
                        <Link to={hrefOf(folder.id)} className="font-medium text-navy-800 hover:underline">
                          {folder.name}
                        </Link>
                      </td>
                      <td className="hidden px-3 py-2 text-slate-650 md:table-cell">Folder</td>
                      <td className="hidden px-3 py-2 text-right text-slate-650 tabular-nums sm:table-cell">
                        {folder.fileCount} {folder.fileCount === 1 ? "file" : "files"}
                      </td>
                      <td className="hidden px-3 py-2 lg:table-cell" />
                      <td className="px-3 py-2 text-right">
                        {isStaff ? (
                          <FolderActions
                            item={{ kind: "folder", id: folder.id, name: folder.name }}
                            onAction={setStaffAction}
                          />
                        ) : null}
                      </td>
                    </tr>
                  ))}
                  {view.files.map((file) => (
                    <FileRow
                      key={file.id}
                      listingId={id}
                      file={file}
                      isStaff={isStaff}
                      onPreview={() => setPreview({ id: file.id, name: file.name })}
                      onNote={() => setNoteTarget({ fileId: file.id, fileName: file.name, note: file.note })}
                      onAction={setStaffAction}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <FilePreview listingId={id} file={preview} onClose={() => setPreview(undefined)} />
      <NoteDialog target={noteTarget} onClose={() => setNoteTarget(undefined)} onSaved={refresh} />
      {isStaff ? (
        <StaffDialog
          listingId={id}
          folders={view.folders}
          pending={staffAction}
          onClose={() => setStaffAction(undefined)}
          onDone={refresh}
        />
      ) : null}
    </div>
  );
}

const iconButton =
  "inline-flex items-center rounded p-1.5 text-slate-650 hover:bg-navy-50 hover:text-navy-900";

function FileRow({
  listingId,
  file,
  isStaff,
  onPreview,
  onNote,
  onAction,
}: {
  listingId: number;
  file: FileEntry;
  isStaff: boolean;
  onPreview(): void;
  onNote(): void;
  onAction(action: StaffAction): void;
}) {
  const item: RoomItem = { kind: "file", id: file.id, name: file.name };
  return (
    <tr>
      <td className="px-3 py-2 align-top text-slate-650 tabular-nums">{file.index}</td>
      <td className="px-3 py-2 align-top">
        <div className="flex items-start gap-2">
          <FileIcon name={file.name} />
          <div className="min-w-0">
            {isPreviewable(file.name) ? (
              <button
                type="button"
                onClick={onPreview}
                className="text-left font-medium text-navy-800 hover:underline"
              >
                {file.name}
              </button>
            ) : (
              <a
                href={dataRoomFilePath(listingId, file.id)}
                download
                className="font-medium text-navy-800 hover:underline"
              >
                {file.name}
              </a>
            )}
            <p className="text-slate-650 text-xs sm:hidden">
              {fileKindLabel(file.name)} · {formatFileSize(file.size)}
            </p>
            {file.note ? (
              <p className="mt-1 flex items-start gap-1 text-slate-650 text-xs">
                <StickyNote aria-hidden size={12} className="mt-0.5 shrink-0 text-amber-700" />
                <span>
                  <span className="sr-only">Your note: </span>
                  {file.note.text}
                </span>
              </p>
            ) : null}
          </div>
        </div>
      </td>
      <td className="hidden px-3 py-2 align-top text-slate-650 md:table-cell">{fileKindLabel(file.name)}</td>
      <td className="hidden px-3 py-2 text-right align-top text-slate-650 tabular-nums sm:table-cell">
        {formatFileSize(file.size)}
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2 align-top text-slate-650 lg:table-cell">
        {dateFormat.format(new Date(file.updatedAt))}
      </td>
      <td className="whitespace-nowrap px-3 py-1 text-right align-top">
        {isPreviewable(file.name) ? (
          <button
            type="button"
            onClick={onPreview}
            className={iconButton}
            aria-label={`Preview ${file.name}`}
          >
            <Eye aria-hidden size={16} />
          </button>
        ) : null}
        <a
          href={dataRoomFilePath(listingId, file.id)}
          download
          className={iconButton}
          aria-label={`Download ${file.name}`}
        >
          <Download aria-hidden size={16} />
        </a>
        <button
          type="button"
          onClick={onNote}
          className={iconButton}
          aria-label={`${file.note ? "Edit your note on" : "Add a note to"} ${file.name}`}
        >
          <StickyNote aria-hidden size={16} />
        </button>
        {isStaff ? <FolderActions item={item} onAction={onAction} /> : null}
      </td>
    </tr>
  );
}

/** Rename, move and delete of one folder or file (staff). */
function FolderActions({ item, onAction }: { item: RoomItem; onAction(action: StaffAction): void }) {
  return (
    <span className="inline-flex">
      <button
        type="button"
        className={iconButton}
        aria-label={`Rename ${item.name}`}
        onClick={() => onAction({ action: "rename", item })}
      >
        <Pencil aria-hidden size={16} />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${item.name}`}
        onClick={() => onAction({ action: "move", item })}
      >
        <FolderInput aria-hidden size={16} />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Delete ${item.name}`}
        onClick={() => onAction({ action: "delete", item })}
      >
        <Trash aria-hidden size={16} />
      </button>
    </span>
  );
}

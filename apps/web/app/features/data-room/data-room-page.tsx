import type { RoomView } from "@aea/core/types";
import {
  BID_TEXTS,
  bidsPath,
  DATA_ROOM_TEXTS,
  dataRoomFolderZipPath,
  dataRoomPath,
  QA_TEXTS,
  questionsPath,
} from "@aea/domain";
import { Download, FolderPlus, Gavel, MessageSquare, Upload } from "lucide-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { cardStyles } from "../../components/staff/card";
import { buttonStyles } from "../../components/ui/button-styles";
import { loadingHref } from "../../lib/loading";
import { FilePreview } from "./file-preview";
import { FolderActions } from "./folder-actions";
import { FolderTree } from "./folder-tree";
import { NoteDialog, type NoteTarget } from "./note-dialog";
import { RoomBreadcrumb } from "./room-breadcrumb";
import { RoomContents } from "./room-contents";
import { DocumentSearchBox } from "./search/document-search-box";
import { type StaffAction, StaffDialog } from "./staff-dialog";
import { Uploader } from "./uploader";

type Folder = RoomView["folders"][number];

/**
 * A deal's data room, one folder at a time: the folder tree, the folder's contents, previews and
 * notes for everyone let in, and folder changes and uploads for staff.
 */
export function DataRoomPage({
  listing,
  view,
  isStaff,
  maxFileMb,
  openAt,
}: {
  listing: { ListingId: number; Header: string };
  view: RoomView;
  isStaff: boolean;
  maxFileMb: number;
  /** A file to preview at once, at a page (a search hit). */
  openAt: { id: number; name: string; page: number } | null;
}) {
  const id = listing.ListingId;
  const revalidator = useRevalidator();
  // A search hit's file opens at once (the search page links here, so this page mounts anew).
  const [preview, setPreview] = useState<{ id: number; name: string; page?: number } | undefined>(
    openAt ?? undefined,
  );
  const [noteTarget, setNoteTarget] = useState<NoteTarget>();
  const [staffAction, setStaffAction] = useState<StaffAction>();
  const [uploading, setUploading] = useState(false);
  const refresh = () => void revalidator.revalidate();

  const hrefOf = (folderId: number) =>
    folderId ? `${dataRoomPath(id)}?folder=${folderId}` : dataRoomPath(id);
  const byId = new Map(view.folders.map((folder) => [folder.id, folder]));
  const current = byId.get(view.currentFolderId);
  const trail: Folder[] = [];
  for (let folder = current; folder; folder = byId.get(folder.parentId)) trail.unshift(folder);
  const subfolders = view.folders.filter((folder) => folder.parentId === view.currentFolderId);
  const empty = subfolders.length === 0 && view.files.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <RoomBreadcrumb listingId={id} trail={trail} current={current} hrefOf={hrefOf} />

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
          <div className="mt-3">
            <DocumentSearchBox listingId={id} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The zip is built when asked for: the loading screen shows meanwhile. */}
          <a
            href={loadingHref(dataRoomFolderZipPath(id, view.currentFolderId), hrefOf(view.currentFolderId))}
            className={buttonStyles.secondary}
          >
            <Download aria-hidden size={16} /> {current ? "Download folder (zip)" : "Download all (zip)"}
          </a>
          <Link to={questionsPath(id)} className={buttonStyles.secondary}>
            <MessageSquare aria-hidden size={16} /> {QA_TEXTS.title}
          </Link>
          <Link to={bidsPath(id)} className={buttonStyles.secondary}>
            <Gavel aria-hidden size={16} /> {BID_TEXTS.title}
          </Link>
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
        <aside
          className={`${cardStyles} p-2 lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto`}
        >
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
            <RoomContents
              listingId={id}
              current={current}
              subfolders={subfolders}
              files={view.files}
              isStaff={isStaff}
              hrefOf={hrefOf}
              setPreview={setPreview}
              setNoteTarget={setNoteTarget}
              setStaffAction={setStaffAction}
            />
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

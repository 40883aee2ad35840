import type { FileEntry, RoomView } from "@aea/core/types";
import { dataRoomFilePath, formatFileSize, isPreviewable } from "@aea/domain";
import { Download, Eye, StickyNote } from "lucide-react";
import { Link } from "react-router";
import { cardStyles } from "../../components/staff/card";
import { formatDate } from "../../lib/dates";
import { FileIcon, fileKindLabel } from "./file-icon";
import { FolderActions, iconButton } from "./folder-actions";
import type { NoteTarget } from "./note-dialog";
import type { RoomItem, StaffAction } from "./staff-dialog";

type Folder = RoomView["folders"][number];

/** The columns of the room, those a phone cannot fit hidden below a width (md, sm, lg). */
const columns = [
  { name: "Index", className: "w-14" },
  { name: "Name", className: "" },
  { name: "Type", className: "hidden md:table-cell" },
  { name: "Size", className: "hidden text-right sm:table-cell" },
  { name: "Date", className: "hidden lg:table-cell" },
  { name: "Actions", className: "text-right", hidden: true },
];

/**
 * The folders and documents of one folder of the room. A file browser rather than a staff data
 * table: folder and file rows mix, and columns give way on a phone instead of scrolling sideways.
 */
export function RoomContents({
  listingId: id,
  current,
  subfolders,
  files,
  isStaff,
  hrefOf,
  setPreview,
  setNoteTarget,
  setStaffAction,
}: {
  listingId: number;
  current: Folder | undefined;
  subfolders: Folder[];
  files: FileEntry[];
  isStaff: boolean;
  hrefOf(folderId: number): string;
  setPreview(file: { id: number; name: string }): void;
  setNoteTarget(target: NoteTarget): void;
  setStaffAction(action: StaffAction): void;
}) {
  return (
    <div className={`${cardStyles} mt-4 overflow-x-auto`}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          Folders and documents in {current ? current.name : "the data room"}
        </caption>
        <thead className="bg-navy-50 text-left text-slate-650 text-xs uppercase tracking-wide">
          <tr>
            {columns.map((column) => (
              <th key={column.name} scope="col" className={`px-3 py-2 ${column.className}`}>
                {column.hidden ? <span className="sr-only">{column.name}</span> : column.name}
              </th>
            ))}
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
          {files.map((file) => (
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
  );
}

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
        {formatDate(file.updatedAt)}
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

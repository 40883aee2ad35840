import { FolderInput, Pencil, Trash } from "lucide-react";
import type { RoomItem, StaffAction } from "./staff-dialog";

/** A small icon button of a row of the room (preview, download, note, rename, move, delete). */
export const iconButton =
  "inline-flex items-center rounded p-1.5 text-slate-650 hover:bg-navy-50 hover:text-navy-900";

/** Rename, move and delete of one folder or file (staff). */
export function FolderActions({ item, onAction }: { item: RoomItem; onAction(action: StaffAction): void }) {
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

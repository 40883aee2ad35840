import type { FolderNode } from "@aea/core/types";
import { type FormEvent, useId, useState } from "react";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { postJson } from "./api";

/** A folder or file staff act on. */
export interface RoomItem {
  kind: "folder" | "file";
  id: number;
  name: string;
}

export type StaffAction =
  | { action: "new-folder"; parentId: number }
  | { action: "rename"; item: RoomItem }
  | { action: "move"; item: RoomItem }
  | { action: "delete"; item: RoomItem };

const titles = {
  "new-folder": "New folder",
  rename: "Rename",
  move: "Move to folder",
  delete: "Delete",
} as const;

/** Staff changes to the room: new folder, rename, move and delete (with a confirmation). */
export function StaffDialog({
  listingId,
  folders,
  pending,
  onClose,
  onDone,
}: {
  listingId: number;
  folders: FolderNode[];
  pending: StaffAction | undefined;
  onClose(): void;
  onDone(): void;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      if (pending.action === "new-folder") {
        await postJson("/api/FolderManager/CreateFolder", {
          listingId,
          parentId: pending.parentId,
          name: form.get("name"),
        });
      } else if (pending.action === "rename") {
        await postJson("/api/FolderManager/Rename", {
          listingId,
          ...pick(pending.item),
          name: form.get("name"),
        });
      } else if (pending.action === "move") {
        await postJson("/api/FolderManager/Move", {
          listingId,
          ...pick(pending.item),
          folderId: Number(form.get("folderId")),
        });
      } else {
        await postJson("/api/FolderManager/Delete", { listingId, ...pick(pending.item) });
      }
      onDone();
      onClose();
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const named = pending && "item" in pending ? pending.item : undefined;
  const description =
    pending?.action === "delete"
      ? named?.kind === "folder"
        ? `Delete the folder ${named.name} and everything in it? Buyers will no longer see these documents.`
        : `Delete ${named?.name}? Buyers will no longer see it.`
      : undefined;
  // A folder cannot go into itself or below itself.
  const below = new Set<number>();
  if (named?.kind === "folder") {
    below.add(named.id);
    for (const folder of folders) if (below.has(folder.parentId)) below.add(folder.id);
  }

  return (
    <Dialog
      open={pending !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          setError(undefined);
          onClose();
        }
      }}
      title={pending ? titles[pending.action] : ""}
      description={description}
      width={480}
    >
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3" noValidate>
        {pending?.action === "new-folder" || pending?.action === "rename" ? (
          <>
            <label htmlFor={fieldId} className="font-medium text-navy-900 text-sm">
              Name
            </label>
            <input
              id={fieldId}
              name="name"
              defaultValue={named?.name ?? ""}
              maxLength={180}
              autoComplete="off"
              className="rounded-md border border-navy-100 px-3 py-2 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-600/30"
            />
          </>
        ) : null}
        {pending?.action === "move" ? (
          <>
            <label htmlFor={fieldId} className="font-medium text-navy-900 text-sm">
              Move {named?.name} to
            </label>
            <select
              id={fieldId}
              name="folderId"
              className="rounded-md border border-navy-100 px-3 py-2 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-600/30"
            >
              <option value={0}>Top level of the data room</option>
              {folders
                .filter((folder) => !below.has(folder.id))
                .map((folder) => (
                  <option key={folder.id} value={folder.id}>
                    {"\u00a0\u00a0".repeat(folder.depth)}
                    {folder.index} {folder.name}
                  </option>
                ))}
            </select>
          </>
        ) : null}
        {error ? (
          <p role="alert" className="text-negative text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            className={
              pending?.action === "delete"
                ? "inline-flex items-center justify-center rounded-md bg-negative px-4 py-2 font-semibold text-white hover:opacity-90"
                : buttonStyles.primary
            }
          >
            {pending ? titles[pending.action] : ""}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

const pick = ({ kind, id }: RoomItem) => ({ kind, id });

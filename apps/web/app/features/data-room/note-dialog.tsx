import { DATA_ROOM_TEXTS } from "@aea/domain";
import { type FormEvent, useId, useState } from "react";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { postJson } from "./api";

export interface NoteTarget {
  fileId: number;
  fileName: string;
  note: { id: number; text: string } | null;
}

/** Adds or edits the viewer's own note on a file (only they ever see it). */
export function NoteDialog({
  target,
  onClose,
  onSaved,
}: {
  target: NoteTarget | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const fieldId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return;
    const text = String(new FormData(event.currentTarget).get("note") ?? "").trim();
    if (!text) {
      setError(DATA_ROOM_TEXTS.noteRequired);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      if (target.note)
        await postJson("/api/FolderManager/UpdateFileNotes", { noteId: target.note.id, note: text });
      else await postJson("/api/FolderManager/InsertFileNotes", { fileId: target.fileId, note: text });
      onSaved();
      onClose();
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={target !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          setError(undefined);
          onClose();
        }
      }}
      title={target?.note ? "Edit your note" : "Add a note"}
      description={target ? `On ${target.fileName}. Only you can see your notes.` : undefined}
      width={520}
    >
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3" noValidate>
        <label htmlFor={fieldId} className="font-medium text-navy-900 text-sm">
          Note
        </label>
        <textarea
          id={fieldId}
          name="note"
          rows={5}
          maxLength={4000}
          defaultValue={target?.note?.text ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="rounded-md border border-navy-100 px-3 py-2 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-navy-600/30"
        />
        {error ? (
          <p id={`${fieldId}-error`} role="alert" className="text-negative text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="submit" className={buttonStyles.primary} disabled={saving}>
            {saving ? "Saving…" : "Save note"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";
import { Dialog } from "./dialog";

/**
 * A question with two answers (the spec's confirm dialogs, e.g. unsaved changes' Leave/Stay): the
 * confirm button acts, the cancel button, Escape and a click outside do not.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmText = "Ok",
  cancelText,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmText?: string;
  cancelText: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={message}
      hideClose
    >
      <div className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          {cancelText}
        </button>
        <button type="button" className={buttonStyles.primary} onClick={onConfirm}>
          {confirmText}
        </button>
      </div>
    </Dialog>
  );
}

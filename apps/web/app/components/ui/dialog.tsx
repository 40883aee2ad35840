import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Dialog width in px on screens wider than 500 px (the spec fixes several: 425, 450). */
  width?: number;
  hideClose?: boolean;
}

/** A centred modal dialog with a title, focus trapping and Escape to close (Radix). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  width = 440,
  hideClose,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/60" />
        <RadixDialog.Content
          style={{ "--dialog-width": `${width}px` } as React.CSSProperties}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-[var(--dialog-width)] -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-card bg-white p-6 shadow-raised"
        >
          <RadixDialog.Title className="pr-8 font-semibold text-lg text-navy-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-slate-650">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
          {hideClose ? null : (
            <RadixDialog.Close
              className="absolute top-4 right-4 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-navy-900"
              aria-label="Close"
            >
              <X aria-hidden size={18} />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

interface MessageDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  message?: ReactNode;
  confirmText?: string;
}

/** A message with a single Ok button (the spec's message dialog). */
export function MessageDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmText = "Ok",
}: MessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={message} hideClose>
      <div className="mt-6 flex justify-end">
        <RadixDialog.Close className="rounded-md bg-navy-800 px-5 py-2 font-semibold text-white hover:bg-navy-700">
          {confirmText}
        </RadixDialog.Close>
      </div>
    </Dialog>
  );
}

import { Dialog } from "./dialog";
import { LoadingIndicator } from "./loading-indicator";

/**
 * The spec's loading dialog (§2): while a step takes longer than a moment (signing an agreement), it
 * says what is happening and keeps the page from being used twice meanwhile. It cannot be closed:
 * it goes when the step is done.
 */
export function LoadingDialog({ open, title, message }: { open: boolean; title: string; message: string }) {
  return (
    <Dialog open={open} onOpenChange={() => undefined} title={title} hideClose width={380}>
      <div className="mt-4">
        <LoadingIndicator message={message} />
      </div>
    </Dialog>
  );
}

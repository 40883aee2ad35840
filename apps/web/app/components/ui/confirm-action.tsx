import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import { buttonStyles } from "./button-styles";
import { Dialog } from "./dialog";
import { SubmitButton, type SubmitStatus } from "./submit-button";

/**
 * A button that asks before it posts (the spec's generic confirm-action: optional title, a message,
 * optional cancel text, confirm text default 'Ok'; with 'Yes'/'No' it is the delete confirmation).
 * The hidden fields go to the page action only once the confirm button is pressed; without
 * JavaScript the dialog cannot open, so the trigger itself submits the same form (the action
 * re-checks everything anyway).
 */
export function ConfirmAction({
  trigger,
  triggerClassName = buttonStyles.secondary,
  title,
  message,
  confirmText,
  cancelText,
  fields,
  status = "idle",
}: {
  trigger: ReactNode;
  triggerClassName?: string;
  title?: string;
  message: ReactNode;
  confirmText: string;
  cancelText: string;
  fields: Record<string, string | number>;
  status?: SubmitStatus;
}) {
  const [open, setOpen] = useState(false);
  const hidden = Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <>
      <Form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {hidden}
        <button type="submit" className={triggerClassName}>
          {trigger}
        </button>
      </Form>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={title ?? message}
        description={title ? message : undefined}
      >
        <Form
          method="post"
          className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end"
          onSubmit={() => setOpen(false)}
        >
          {hidden}
          <RadixDialog.Close className={buttonStyles.secondary}>{cancelText}</RadixDialog.Close>
          <SubmitButton status={status}>{confirmText}</SubmitButton>
        </Form>
      </Dialog>
    </>
  );
}

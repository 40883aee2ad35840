import {
  CHANGE_PASSWORD_DIALOG_WIDTH_PX,
  CURRENT_PASSWORD,
  changePasswordSchema,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
  passwordUpdateFailedHelp,
  REAUTHENTICATE,
} from "@aea/domain";
import { Dialog as RadixDialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog, MessageDialog } from "../../components/ui/dialog";
import { PasswordField } from "../../components/ui/password-field";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { apiFetch } from "../../lib/api-fetch";
import { PasswordInputField } from "../../lib/forms/fields";
import { formProps, useSchemaForm } from "../../lib/forms/use-schema-form";
import { passwordChangeOutcome } from "./password-change-reply";

/**
 * The Update Password dialog (450 px, spec §2, §5, §8): a new password, confirmed, for the signed-in
 * user. When the login is older than 10 minutes the server asks for the current password too, and the
 * dialog then shows a "Current password" field with the server's reason.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  supportEmail,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  supportEmail: string;
}) {
  const [outcome, setOutcome] = useState<"updated" | "failed" | null>(null);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Update Password"
        description="Choose a new password. Your other sessions will be logged out."
        width={CHANGE_PASSWORD_DIALOG_WIDTH_PX}
      >
        {open ? (
          <ChangePasswordForm
            onDone={(result) => {
              onOpenChange(false);
              setOutcome(result);
            }}
          />
        ) : null}
      </Dialog>
      <MessageDialog
        open={outcome === "updated"}
        onOpenChange={(isOpen) => !isOpen && setOutcome(null)}
        title="Password Updated"
        message={PASSWORD_UPDATED}
      />
      <MessageDialog
        open={outcome === "failed"}
        onOpenChange={(isOpen) => !isOpen && setOutcome(null)}
        title={PASSWORD_UPDATE_FAILED}
        message={passwordUpdateFailedHelp(supportEmail)}
      />
    </>
  );
}

/**
 * The dialog's form: there is no dialog without JavaScript, so it sends to the password API itself
 * (the password in the address, as the API has it; the current password in the body).
 */
function ChangePasswordForm({ onDone }: { onDone(result: "updated" | "failed"): void }) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<SubmitStatus>("idle");
  // Shown once the server asks for it: null until then, afterwards the field's message.
  const [current, setCurrent] = useState<{ error?: string } | null>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  // Counts the asks, so each one (also a repeated one) starts the field afresh once it is rendered.
  const [asks, setAsks] = useState(0);
  useEffect(() => {
    if (asks === 0 || !currentInput.current) return;
    currentInput.current.value = "";
    currentInput.current.focus();
  }, [asks]);
  const askCurrentPassword = (error: string) => {
    setCurrent({ error });
    setAsks((n) => n + 1);
  };

  const send = async (password: string) => {
    const currentPassword = currentInput.current?.value;
    if (current && !currentPassword) {
      askCurrentPassword(REAUTHENTICATE);
      return;
    }
    setStatus("pending");
    try {
      // Passwords go in the body, never in the URL (which servers, proxies and histories keep).
      const response = await apiFetch("/api/Auth/UpdatePassword", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(current ? { password, currentPassword } : { password }),
      });
      const outcome = await passwordChangeOutcome(response);
      setStatus("idle");
      if (outcome.kind === "ask-current-password") {
        askCurrentPassword(outcome.error);
        return;
      }
      onDone(outcome.kind);
      // The server started a new session for this browser (every other one ended).
      if (outcome.kind === "updated") void revalidator.revalidate();
    } catch {
      onDone("failed");
    }
  };

  const [form, fields] = useSchemaForm(changePasswordSchema, {
    onSubmit: (event, value) => {
      event.preventDefault();
      if (status !== "pending") void send(value.password);
    },
  });

  return (
    <form {...formProps(form)} className="mt-5 space-y-4">
      {current ? (
        <PasswordField
          ref={currentInput}
          label={CURRENT_PASSWORD}
          name="currentPassword"
          required
          autoComplete="current-password"
          error={current.error}
          reserveErrorSpace
        />
      ) : null}
      <PasswordInputField
        field={fields.password}
        label="New password"
        autoComplete="new-password"
        required
        reserveErrorSpace
      />
      <PasswordInputField
        field={fields.confirmPassword}
        label="Confirm new password"
        autoComplete="new-password"
        required
        reserveErrorSpace
      />
      <div className="flex flex-col-reverse gap-3 pt-2 xs:flex-row xs:justify-end">
        <RadixDialog.Close className={buttonStyles.secondary}>Cancel</RadixDialog.Close>
        <SubmitButton status={status}>Change Password</SubmitButton>
      </div>
    </form>
  );
}

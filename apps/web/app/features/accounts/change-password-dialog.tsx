import {
  CHANGE_PASSWORD_DIALOG_WIDTH_PX,
  CURRENT_PASSWORD,
  changePasswordSchema,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
  passwordUpdateFailedHelp,
  REAUTHENTICATE,
} from "@aea/domain";
import { LoaderCircle } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog, MessageDialog } from "../../components/ui/dialog";
import { PasswordField } from "../../components/ui/password-field";
import { allTouched, fieldErrorsOf } from "../../lib/form-fields";
import { passwordChangeOutcome } from "./password-change-reply";

const FIELDS = ["password", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];

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

function ChangePasswordForm({ onDone }: { onDone(result: "updated" | "failed"): void }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Record<Field, string>>({ password: "", confirmPassword: "" });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ password: false, confirmPassword: false });
  const [saving, setSaving] = useState(false);
  // Shown once the server asks for it: null until then, afterwards the field's value and message.
  const [current, setCurrent] = useState<{ value: string; error?: string } | null>(null);
  const currentInput = useRef<HTMLInputElement>(null);
  // Counts the asks, so each one (also a repeated one) moves focus to the field once it is rendered.
  const [asks, setAsks] = useState(0);
  useEffect(() => {
    if (asks > 0) currentInput.current?.focus();
  }, [asks]);
  const errors = fieldErrorsOf(changePasswordSchema, values);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);

  const askCurrentPassword = (error: string) => {
    setCurrent({ value: "", error });
    setTouched(allTouched(FIELDS));
    setAsks((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (FIELDS.some((f) => errors[f])) {
      // Spec §5: an invalid submit marks all fields touched.
      setTouched(allTouched(FIELDS));
      return;
    }
    if (current && !current.value) {
      askCurrentPassword(REAUTHENTICATE);
      return;
    }
    setSaving(true);
    try {
      const response = await fetch(
        `/api/Auth/UpdatePassword?password=${encodeURIComponent(values.password)}`,
        current
          ? {
              method: "POST",
              headers: { "content-type": "application/json" },
              // In the body, never in the URL, which servers and proxies log.
              body: JSON.stringify({ currentPassword: current.value }),
            }
          : { method: "POST" },
      );
      const outcome = await passwordChangeOutcome(response);
      if (outcome.kind === "ask-current-password") {
        setSaving(false);
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

  const field = (name: Field) => ({
    name,
    value: values[name],
    required: true,
    autoComplete: "new-password",
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: shown(name),
  });

  return (
    <form noValidate onSubmit={submit} className="mt-5 space-y-4">
      {current ? (
        <PasswordField
          ref={currentInput}
          label={CURRENT_PASSWORD}
          name="currentPassword"
          value={current.value}
          required
          autoComplete="current-password"
          onChange={(e) => setCurrent({ value: e.target.value })}
          error={current.error}
          reserveErrorSpace
        />
      ) : null}
      <PasswordField label="New password" reserveErrorSpace {...field("password")} />
      <PasswordField label="Confirm new password" reserveErrorSpace {...field("confirmPassword")} />
      <div className="flex flex-col-reverse gap-3 pt-2 xs:flex-row xs:justify-end">
        <RadixDialog.Close className={buttonStyles.secondary}>Cancel</RadixDialog.Close>
        <button
          type="submit"
          disabled={saving}
          aria-busy={saving || undefined}
          className={buttonStyles.primary}
        >
          {saving ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
          Change Password
        </button>
      </div>
    </form>
  );
}

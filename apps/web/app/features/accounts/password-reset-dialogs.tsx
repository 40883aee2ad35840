import { RESET_PASSWORD_REQUIRED, RESET_PASSWORD_TITLE } from "@aea/domain";
import { KeyRound } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { useState } from "react";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog } from "../../components/ui/dialog";
import { ChangePasswordDialog } from "./change-password-dialog";

/**
 * 'Reset Password, You have to reset your password' (spec §8) for an account whose password staff
 * marked for reset, leading straight to the new password: the holder has just logged in, so the
 * change asks for nothing more; setting it clears the mark.
 */
export function PasswordResetDialogs({
  open,
  onOpenChange,
  supportEmail,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  supportEmail: string;
}) {
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={RESET_PASSWORD_TITLE}
        description={RESET_PASSWORD_REQUIRED}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
          <RadixDialog.Close className={buttonStyles.secondary}>Later</RadixDialog.Close>
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => {
              onOpenChange(false);
              setChanging(true);
            }}
          >
            <KeyRound aria-hidden size={16} /> Choose a new password
          </button>
        </div>
      </Dialog>
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} supportEmail={supportEmail} />
    </>
  );
}

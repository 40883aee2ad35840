import { LOGIN_FAILED_TITLE } from "@aea/domain";
import { type ReactNode, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { MessageDialog } from "../../components/ui/dialog";
import { useHydrated } from "../../lib/use-hydrated";

/** Why a login did not go through, as the form shows it: a new object for every refusal. */
export interface LoginFailure {
  message: string;
  /** Wrong password or unknown email: the password is cleared for the next try (spec §8). */
  clearPassword?: boolean;
  /**
   * Not a wrong password, email or code (a lock, too many attempts, an expired login, a server error):
   * told in the 'Login Failed' dialog with the server's words (spec §8).
   */
  dialog?: boolean;
}

/**
 * A refused login where the login forms show it: under the form for what the visitor corrects there,
 * otherwise the 'Login Failed' dialog. Before the page hydrates (no dialog yet) everything is inline.
 * Without a failure it shows `otherwise` (the form's own errors).
 */
export function LoginFailureNotice({
  failure,
  otherwise,
}: {
  failure?: LoginFailure;
  otherwise?: ReactNode;
}) {
  const hydrated = useHydrated();
  // Each refusal is a new object, so the dialog opens again for the next one.
  const [dismissed, setDismissed] = useState<LoginFailure>();
  if (!failure) return otherwise;
  if (!failure.dialog || !hydrated) return <Alert tone="error">{failure.message}</Alert>;
  return (
    <>
      {otherwise}
      <MessageDialog
        open={dismissed !== failure}
        onOpenChange={(open) => !open && setDismissed(failure)}
        title={LOGIN_FAILED_TITLE}
        message={failure.message}
      />
    </>
  );
}

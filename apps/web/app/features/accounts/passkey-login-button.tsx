import { PASSKEY_USE, type SessionUser } from "@aea/domain";
import { Fingerprint, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { logInWithPasskey, useWebAuthnSupport } from "./passkey-ceremonies";

interface PasskeyLoginButtonProps {
  /** The pending login from step one. */
  pendingLogin: string;
  /** How many passkeys the account has: none, no button. */
  passkeys: number;
  /** The session has started (its cookie is set). */
  onSignedIn(user: SessionUser): void;
  /** Where to start again with the password when the login cannot go on (expired, account locked). */
  restartHref: string;
}

/**
 * "Use a passkey" at a login's step two, for an account with a passkey, in a browser that offers
 * WebAuthn (after hydration; the code form below works without it).
 */
export function PasskeyLoginButton({
  pendingLogin,
  passkeys,
  onSignedIn,
  restartHref,
}: PasskeyLoginButtonProps) {
  const supported = useWebAuthnSupport();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; restart: boolean }>();
  if (!supported || passkeys === 0) return null;

  const signIn = async () => {
    setPending(true);
    setFailure(undefined);
    const result = await logInWithPasskey(pendingLogin);
    setPending(false);
    if (result.ok) return onSignedIn(result.value);
    const restart = result.code === "LOGIN_EXPIRED" || result.code === "ACCOUNT_LOCKED";
    setFailure({ message: result.message, restart });
  };

  return (
    <div className="space-y-3 border-navy-100 border-b pb-4">
      {failure ? (
        <Alert tone="error">
          {failure.message}{" "}
          {failure.restart ? (
            <a href={restartHref} className="underline underline-offset-2">
              Log in again
            </a>
          ) : null}
        </Alert>
      ) : null}
      <button
        type="button"
        onClick={() => void signIn()}
        disabled={pending}
        aria-busy={pending || undefined}
        className={`${buttonStyles.secondary} w-full py-2.5`}
      >
        {pending ? (
          <LoaderCircle aria-hidden size={18} className="animate-spin" />
        ) : (
          <Fingerprint aria-hidden size={18} />
        )}
        {PASSKEY_USE}
      </button>
      <p className="text-center text-slate-650 text-sm">or enter a code</p>
    </div>
  );
}

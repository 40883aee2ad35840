import { PASSKEY_USE } from "@aea/domain";
import { Fingerprint, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useSubmit } from "react-router";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { passkeyStepUpOptions, stepUpWithPasskey, useWebAuthnSupport } from "./passkey-ceremonies";

/**
 * "Use a passkey" in a step-up form, for an account with a passkey in a browser that offers WebAuthn:
 * a right answer records the fresh check, then the step's own fields are posted again to carry it out.
 */
export function PasskeyStepUpButton({ fields, action }: { fields: Record<string, string>; action?: string }) {
  const supported = useWebAuthnSupport();
  const submit = useSubmit();
  const [options, setOptions] = useState<Record<string, unknown>>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    // An account without a passkey answers 409 NO_PASSKEY: no button then.
    void passkeyStepUpOptions().then((result) => live && result.ok && setOptions(result.value));
    return () => {
      live = false;
    };
  }, [supported]);
  if (!options) return null;

  const confirm = async () => {
    setPending(true);
    setFailure(undefined);
    const result = await stepUpWithPasskey(options);
    if (result.ok) {
      void submit(fields, { method: "post", action });
      return;
    }
    setPending(false);
    setFailure(result.message);
    // Each challenge works once: the next try gets a new one.
    const next = await passkeyStepUpOptions();
    if (next.ok) setOptions(next.value);
  };

  return (
    <div className="mb-4 space-y-3">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <button
        type="button"
        onClick={() => void confirm()}
        disabled={pending}
        aria-busy={pending || undefined}
        className={buttonStyles.secondary}
      >
        {pending ? (
          <LoaderCircle aria-hidden size={18} className="animate-spin" />
        ) : (
          <Fingerprint aria-hidden size={18} />
        )}
        {PASSKEY_USE}
      </button>
    </div>
  );
}

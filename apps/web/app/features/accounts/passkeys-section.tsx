import {
  PASSKEY_ADD,
  PASSKEY_NAME_HINT,
  PASSKEY_NAME_LABEL,
  PASSKEY_NONE,
  PASSKEY_RECOVERY_CODES_HINT,
  PASSKEY_REMOVE,
  PASSKEY_RENAME,
  PASSKEYS_HEADING,
  PASSKEYS_INTRO,
  type PasskeySummary,
  passkeyAddSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
} from "@aea/domain";
import type { SubmissionResult } from "@conform-to/react";
import { Fingerprint } from "lucide-react";
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Alert } from "../../components/ui/alert";
import { SubmitButton, type SubmitStatus } from "../../components/ui/submit-button";
import { InputField } from "../../lib/forms/fields";
import { formProps, useNavigationStatus, useSchemaForm } from "../../lib/forms/use-schema-form";
import { addPasskey, useWebAuthnSupport } from "./passkey-ceremonies";

interface PasskeysSectionProps {
  passkeys: PasskeySummary[];
  /** While an admin views the site as this account: the list, without forms. */
  readOnly: boolean;
  /**
   * Passkeys are the account's only factor and it has no recovery codes yet: offer them (the page's
   * "new-codes" action), so a lost device does not lock the account out.
   */
  offerRecoveryCodes: boolean;
  /** The page action's answer to a rename (shown on the form of that passkey). */
  renameResult?: { passkeyId: number; result: SubmissionResult<string[]> };
  className: string;
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * The account's passkeys on the security page: each with its dates, a rename and a remove form (page
 * actions, with or without JavaScript), and "Add a passkey" where the browser offers WebAuthn.
 */
export function PasskeysSection({
  passkeys,
  readOnly,
  offerRecoveryCodes,
  renameResult,
  className,
}: PasskeysSectionProps) {
  const gettingCodes = useNavigationStatus("new-codes");
  return (
    <section aria-labelledby="passkeys-title" className={className}>
      <h2 id="passkeys-title" className="flex items-center gap-2 font-semibold text-navy-900 text-xl">
        <Fingerprint aria-hidden size={20} className="text-amber-700" />
        {PASSKEYS_HEADING}
      </h2>
      <p className="mt-2 text-slate-650">{PASSKEYS_INTRO}</p>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-slate-650">{PASSKEY_NONE}</p>
      ) : (
        <ul className="mt-4 divide-y divide-navy-100 border-navy-100 border-y">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              readOnly={readOnly}
              lastResult={renameResult?.passkeyId === passkey.id ? renameResult.result : null}
            />
          ))}
        </ul>
      )}
      {offerRecoveryCodes && !readOnly ? (
        <Form method="post" className="mt-5">
          <input type="hidden" name="intent" value="new-codes" />
          <p className="mb-3 text-slate-650 text-sm">{PASSKEY_RECOVERY_CODES_HINT}</p>
          <SubmitButton status={gettingCodes} look="secondary">
            Get recovery codes
          </SubmitButton>
        </Form>
      ) : null}
      {readOnly ? null : <AddPasskey />}
    </section>
  );
}

function PasskeyItem({
  passkey,
  readOnly,
  lastResult,
}: {
  passkey: PasskeySummary;
  readOnly: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm(passkeyRenameSchema, {
    id: `rename-passkey-${passkey.id}`,
    lastResult,
    defaultValue: { passkeyId: String(passkey.id), name: passkey.name },
  });
  const [removeForm] = useSchemaForm(passkeyRemoveSchema, { id: `remove-passkey-${passkey.id}` });
  const renaming = useNavigationStatus("rename-passkey");
  const removing = useNavigationStatus("remove-passkey");
  return (
    <li className="py-4">
      <p className="font-semibold text-navy-900">{passkey.name}</p>
      <p className="text-slate-650 text-sm">
        Added {dateOf(passkey.createdAt)}
        {passkey.lastUsedAt ? ` · last used ${dateOf(passkey.lastUsedAt)}` : " · not used yet"}
      </p>
      {readOnly ? null : (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form method="post" {...formProps(form)} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="rename-passkey" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <InputField
              field={fields.name}
              label={`New name for ${passkey.name}`}
              className="w-56"
              maxLength={60}
              required
            />
            <SubmitButton status={renaming} look="secondary">
              {PASSKEY_RENAME}
            </SubmitButton>
          </Form>
          <Form method="post" {...formProps(removeForm)}>
            <input type="hidden" name="intent" value="remove-passkey" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <SubmitButton status={removing} look="secondary" aria-label={`${PASSKEY_REMOVE} ${passkey.name}`}>
              {PASSKEY_REMOVE}
            </SubmitButton>
          </Form>
        </div>
      )}
    </li>
  );
}

/** Names the new passkey, then the browser's prompt creates it; shown only where WebAuthn is offered. */
function AddPasskey() {
  const supported = useWebAuthnSupport();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<SubmitStatus>("idle");
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [form, fields] = useSchemaForm(passkeyAddSchema, {
    id: "add-passkey",
    onSubmit: (event, { name }) => {
      event.preventDefault();
      const formElement = event.currentTarget;
      setStatus("pending");
      setOutcome(undefined);
      void addPasskey(name).then((result) => {
        setStatus("idle");
        setOutcome(result.ok ? { ok: true, message: result.value } : { ok: false, message: result.message });
        if (result.ok) {
          formElement.reset();
          void revalidator.revalidate();
        }
      });
    },
  });
  if (!supported) return null;
  return (
    <form {...formProps(form)} className="mt-5 space-y-3">
      {outcome ? <Alert tone={outcome.ok ? "success" : "error"}>{outcome.message}</Alert> : null}
      <div className="flex flex-wrap items-start gap-3">
        <InputField
          field={fields.name}
          label={PASSKEY_NAME_LABEL}
          hint={PASSKEY_NAME_HINT}
          className="w-64"
          maxLength={60}
          required
        />
        <SubmitButton status={status} icon={<Fingerprint aria-hidden size={16} />} className="mt-7">
          {PASSKEY_ADD}
        </SubmitButton>
      </div>
    </form>
  );
}

import type { UserDetail } from "@aea/core/types";
import { CONFIRM_NO, CONFIRM_OK, CONFIRM_YES } from "@aea/domain";
import { Ban, Eye, KeyRound, LogOut, MailCheck, RotateCcw, ShieldCheck, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Section } from "../../components/staff/card";
import { buttonStyles } from "../../components/ui/button-styles";
import { ConfirmAction } from "../../components/ui/confirm-action";
import { SubmitButton } from "../../components/ui/submit-button";
import { useNavigationStatus } from "../../lib/forms/use-schema-form";

/** A one-button form for a staff action that can be undone (so it needs no confirmation). */
function ButtonForm({
  intent,
  fields = {},
  icon,
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  icon: ReactNode;
  children: ReactNode;
}) {
  const status = useNavigationStatus(intent);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton status={status} look="secondary" icon={icon}>
        {children}
      </SubmitButton>
    </Form>
  );
}

/**
 * View as, verification, password reset (a mailed link, or a new password required at the next login),
 * sessions and disabling: what staff do to an account.
 */
export function AccountActions({ detail, name, me }: { detail: UserDetail; name: string; me: number }) {
  const { account } = detail;
  const status = useNavigationStatus();
  const disabled = account.disabledAt !== null;
  const viewable = !account.isAdmin && !disabled && account.id !== me;
  return (
    <Section id="actions-title" title="Account actions" className="mb-6">
      <div className="flex flex-wrap gap-2">
        {viewable ? (
          <Form method="post">
            <input type="hidden" name="intent" value="impersonate" />
            <SubmitButton status={status} icon={<Eye aria-hidden size={16} />}>
              View as {account.firstName || "buyer"}
            </SubmitButton>
          </Form>
        ) : null}
        {account.verified ? null : (
          <>
            <ButtonForm intent="mark-verified" icon={<MailCheck aria-hidden size={16} />}>
              Mark verified
            </ButtonForm>
            <ButtonForm intent="resend-verification" icon={<RotateCcw aria-hidden size={16} />}>
              Resend verification
            </ButtonForm>
          </>
        )}
        <ButtonForm intent="send-reset-link" icon={<KeyRound aria-hidden size={16} />}>
          Send reset link
        </ButtonForm>
        {account.passwordResetRequestedAt ? (
          <ButtonForm
            intent="require-password-reset"
            fields={{ required: "false" }}
            icon={<Undo2 aria-hidden size={16} />}
          >
            Withdraw the reset requirement
          </ButtonForm>
        ) : (
          <ButtonForm
            intent="require-password-reset"
            fields={{ required: "true" }}
            icon={<KeyRound aria-hidden size={16} />}
          >
            Require a new password
          </ButtonForm>
        )}
        <ConfirmAction
          trigger={
            <>
              <LogOut aria-hidden size={16} /> End all sessions
            </>
          }
          title="End all sessions?"
          message={`${name} will be logged out on every device.`}
          confirmText={CONFIRM_OK}
          cancelText="Cancel"
          fields={{ intent: "end-sessions" }}
          status={status}
        />
        {account.id === me ? null : disabled ? (
          <ButtonForm intent="enable" icon={<ShieldCheck aria-hidden size={16} />}>
            Re-enable account
          </ButtonForm>
        ) : (
          <ConfirmAction
            trigger={
              <>
                <Ban aria-hidden size={16} /> Disable account
              </>
            }
            triggerClassName={`${buttonStyles.secondary} text-negative`}
            title="Disable this account?"
            message={`${name} will be logged out everywhere and cannot log in until the account is re-enabled.`}
            confirmText={CONFIRM_YES}
            cancelText={CONFIRM_NO}
            fields={{ intent: "disable" }}
            status={status}
          />
        )}
      </div>
      {account.isAdmin ? (
        <p className="text-slate-650 text-sm">Administrators cannot be viewed as: only buyers can.</p>
      ) : null}
    </Section>
  );
}

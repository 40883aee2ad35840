import {
  EMAIL_VERIFICATION_REQUIRED,
  EMAIL_VERIFICATION_REQUIRED_TITLE,
  LOG_IN,
  type LoginInput,
  type LoginSecondFactorInput,
  type SessionUser,
  VERIFICATION_EMAIL_SENT_TITLE,
  verificationEmailSent,
} from "@aea/domain";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { Link, useLocation } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog, MessageDialog } from "../../components/ui/dialog";
import type { SubmitStatus } from "../../components/ui/submit-button";
import type { LoginDialogOptions } from "./login-dialog";
import { type LoginFailure, LoginForm } from "./login-form";
import { loginPanelClass, loginPanelWidth } from "./login-panel";
import { PasskeyLoginButton } from "./passkey-login-button";
import { PasswordResetDialogs } from "./password-reset-dialogs";
import { loginHref } from "./safe-redirect";
import { SecondFactorForm } from "./second-factor-form";

interface LoginDialogsProps {
  /** The open login modal's options (formKey: a fresh form per opening), or null when closed. */
  login: (LoginDialogOptions & { formKey: number }) | null;
  firmShortName: string;
  onLogin(values: LoginInput): void;
  /** Set once the password was right and the account's second factor is asked for. */
  pendingLogin: string | null;
  /** How many passkeys the pending login's account has. */
  pendingPasskeys: number;
  onCode(values: LoginSecondFactorInput): void;
  onPasskeyLogin(user: SessionUser): void;
  loginStatus: SubmitStatus;
  loginFailure?: LoginFailure;
  /** The user closed the modal (Escape, outside click, the close button). */
  onDismiss(): void;
  /** The form left the modal (e.g. a link to sign up). */
  onClose(): void;
  unverifiedEmail: string | null;
  onUnverifiedClosed(): void;
  onResendVerification(email: string): void;
  sentTo: string | null;
  onSentClosed(): void;
  profileInviteOpen: boolean;
  onProfileInviteChange(open: boolean): void;
  /** Staff marked the signed-in account's password for reset (spec §8 'Reset Password'). */
  passwordResetOpen: boolean;
  onPasswordResetChange(open: boolean): void;
  supportEmail: string;
}

/**
 * The login modal and the dialogs that follow it (resend verification, verification sent, complete your
 * profile), spec §2, §4. State lives in LoginDialogProvider; this is what it shows.
 */
export default function LoginDialogs({
  login,
  firmShortName,
  onLogin,
  pendingLogin,
  pendingPasskeys,
  onCode,
  onPasskeyLogin,
  loginStatus,
  loginFailure,
  onDismiss,
  onClose,
  unverifiedEmail,
  onUnverifiedClosed,
  onResendVerification,
  sentTo,
  onSentClosed,
  profileInviteOpen,
  onProfileInviteChange,
  passwordResetOpen,
  onPasswordResetChange,
  supportEmail,
}: LoginDialogsProps) {
  const { pathname, search } = useLocation();
  const keepOpen = (event: Event) => {
    if (login?.hideClose) event.preventDefault();
  };
  return (
    <>
      <RadixDialog.Root open={login !== null} onOpenChange={(isOpen) => !isOpen && onDismiss()}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/60" />
          <RadixDialog.Content
            // Without a Close button nothing else dismisses it either: the way out is Here By Mistake.
            onEscapeKeyDown={keepOpen}
            onInteractOutside={keepOpen}
            style={loginPanelWidth}
            className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto shadow-raised ${loginPanelClass}`}
          >
            <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-5 pb-1 xs:px-7 xs:pt-6">
              <RadixDialog.Title className="pr-8 font-bold text-navy-900 text-xl">{LOG_IN}</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-slate-650 text-sm">
                Log in to your {firmShortName} buyer account.
              </RadixDialog.Description>
            </div>
            <div className="px-5 pt-4 pb-5 xs:px-7 xs:pb-7">
              {login && pendingLogin ? (
                <>
                  <PasskeyLoginButton
                    pendingLogin={pendingLogin}
                    passkeys={pendingPasskeys}
                    onSignedIn={onPasskeyLogin}
                    restartHref={loginHref(`${pathname}${search}`)}
                  />
                  <SecondFactorForm
                    action={loginHref(`${pathname}${search}`)}
                    pendingLogin={pendingLogin}
                    onCode={onCode}
                    status={loginStatus}
                    failure={loginFailure}
                  />
                </>
              ) : login ? (
                <LoginForm
                  key={login.formKey}
                  action={loginHref(`${pathname}${search}`)}
                  onLogin={onLogin}
                  status={loginStatus}
                  failure={loginFailure}
                  firmShortName={firmShortName}
                  defaultEmail={login.email}
                  message={login.message}
                  escapeMessage={login.escapeMessage}
                  onLeave={onClose}
                />
              ) : null}
            </div>
            {login?.hideClose ? null : (
              <RadixDialog.Close
                aria-label="Close"
                className="absolute top-5 right-4 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-navy-900"
              >
                <X aria-hidden size={18} />
              </RadixDialog.Close>
            )}
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>

      <Dialog
        open={unverifiedEmail !== null}
        onOpenChange={(isOpen) => !isOpen && onUnverifiedClosed()}
        title={EMAIL_VERIFICATION_REQUIRED_TITLE}
        description={EMAIL_VERIFICATION_REQUIRED}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
          <RadixDialog.Close className={buttonStyles.secondary}>Cancel</RadixDialog.Close>
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => unverifiedEmail && onResendVerification(unverifiedEmail)}
          >
            Resend verification email
          </button>
        </div>
      </Dialog>

      <MessageDialog
        open={sentTo !== null}
        onOpenChange={(isOpen) => !isOpen && onSentClosed()}
        title={VERIFICATION_EMAIL_SENT_TITLE}
        message={sentTo ? verificationEmailSent(sentTo) : undefined}
      />

      <PasswordResetDialogs
        open={passwordResetOpen}
        onOpenChange={onPasswordResetChange}
        supportEmail={supportEmail}
      />

      <Dialog
        open={profileInviteOpen}
        onOpenChange={onProfileInviteChange}
        title="Complete your profile"
        description="Tell us which assets you buy and sell and where you invest, so we can bring you the deals that fit."
      >
        <div className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
          <RadixDialog.Close className={buttonStyles.secondary}>Not now</RadixDialog.Close>
          <Link
            to="/buyer/profile"
            className={buttonStyles.primary}
            onClick={() => onProfileInviteChange(false)}
          >
            Go to my profile
          </Link>
        </div>
      </Dialog>
    </>
  );
}

import {
  areInterestsComplete,
  EMAIL_VERIFICATION_REQUIRED,
  EMAIL_VERIFICATION_REQUIRED_TITLE,
  emailNotAssociated,
  INCORRECT_PASSWORD,
  type Interests,
  LOGIN_MODAL_SMALL_WIDTH_PX,
  LOGIN_MODAL_WIDTH_PX,
  NOT_VERIFIED,
  SERVER_ERROR,
  type SessionUser,
  VERIFICATION_EMAIL_SENT_TITLE,
  verificationEmailSent,
} from "@aea/domain";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { Link, useLocation, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { Dialog, MessageDialog } from "../../components/ui/dialog";
import type { SiteData } from "../../lib/site";
import { type LoginFailure, LoginForm, type LoginValues } from "./login-form";

export interface LoginDialogOptions {
  /** A line at the top of the modal, e.g. why a login is needed. */
  message?: string;
  /** Prefills the email field. */
  email?: string;
  /** No close button, and Escape or a click outside does not close it (the /login page). */
  hideClose?: boolean;
  /** Shows the Here By Mistake link to the home page. */
  escapeMessage?: boolean;
  /** Runs after a successful login, once the modal has closed. */
  onLogin?(user: SessionUser): void;
}

interface LoginDialogApi {
  open(options?: LoginDialogOptions): void;
  close(): void;
}

const LoginDialogContext = createContext<LoginDialogApi | null>(null);

/** Opens the login modal from anywhere; null outside the provider (callers then fall back to /login). */
export function useLoginDialog(): LoginDialogApi | null {
  return useContext(LoginDialogContext);
}

type LoginAnswer =
  | { kind: "ok"; user: SessionUser }
  | { kind: "not-verified"; email: string }
  | { kind: "failed"; failure: LoginFailure };

/** POST /api/Auth/Login, read into what the modal does next (spec §4, §8). */
async function requestLogin(values: LoginValues, firmShortName: string): Promise<LoginAnswer> {
  try {
    const response = await fetch("/api/Auth/Login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ...values, applicationName: firmShortName }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      msg?: string;
      user?: SessionUser;
      email?: string;
      message?: string;
      code?: string;
    };
    if (response.ok && body.msg === NOT_VERIFIED)
      return { kind: "not-verified", email: body.email ?? values.email };
    if (response.ok && body.user) return { kind: "ok", user: body.user };
    if (response.status === 401) {
      const message =
        body.code === "UNKNOWN_EMAIL"
          ? emailNotAssociated(firmShortName)
          : (body.message ?? INCORRECT_PASSWORD);
      return { kind: "failed", failure: { message, clearPassword: true } };
    }
    if (response.status === 429 && body.message)
      return { kind: "failed", failure: { message: body.message } };
    return { kind: "failed", failure: { message: SERVER_ERROR } };
  } catch {
    return { kind: "failed", failure: { message: SERVER_ERROR } };
  }
}

/** Whether a buyer's interests are complete enough to match deals; unknown answers count as complete. */
async function interestsComplete(): Promise<boolean> {
  try {
    const response = await fetch("/api/UserInterests/GetInterests", {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return true;
    return areInterestsComplete((await response.json()) as Interests);
  } catch {
    return true;
  }
}

/**
 * The login modal and the dialogs that follow it (resend verification, verification sent, complete your
 * profile), rendered once for the whole site (spec §2, §4).
 */
export function LoginDialogProvider({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData("root") as SiteData | undefined;
  const firmShortName = site?.firmShortName ?? "";
  const revalidator = useRevalidator();
  const [options, setOptions] = useState<LoginDialogOptions | null>(null);
  // Each opening gets a fresh form (no leftover password or messages).
  const [openCount, setOpenCount] = useState(0);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [profileInvite, setProfileInvite] = useState(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The invitation waits for a navigation started by onLogin, and is moot on the profile page itself.
  const onProfilePage = pathname === "/buyer/profile";
  useEffect(() => {
    if (onProfilePage) setProfileInvite(false);
  }, [onProfilePage]);

  const open = useCallback((next: LoginDialogOptions = {}) => {
    setOpenCount((n) => n + 1);
    setOptions(next);
  }, []);
  const close = useCallback(() => setOptions(null), []);
  const api = useMemo(() => ({ open, close }), [open, close]);

  const dismiss = () => {
    setOptions(null);
    // Spec §2: when the modal closes the user is checked again.
    void revalidator.revalidate();
  };

  const login = async (values: LoginValues): Promise<LoginFailure | undefined> => {
    const answer = await requestLogin(values, firmShortName);
    if (answer.kind === "failed") return answer.failure;
    const onLogin = options?.onLogin;
    setOptions(null);
    if (answer.kind === "not-verified") {
      setUnverifiedEmail(answer.email);
      return undefined;
    }
    void revalidator.revalidate();
    onLogin?.(answer.user);
    // Spec §4: a non-admin has interests fetched and checked; admins skip it.
    if (
      !answer.user.isAdmin &&
      !(await interestsComplete()) &&
      window.location.pathname !== "/buyer/profile"
    ) {
      setProfileInvite(true);
    }
    return undefined;
  };

  const resendVerification = async (email: string) => {
    setUnverifiedEmail(null);
    try {
      const response = await fetch(`/api/Auth/ResendVerification?email=${encodeURIComponent(email)}`, {
        method: "POST",
      });
      if (!response.ok) throw new Error(`ResendVerification answered ${response.status}`);
      setSentTo(email);
    } catch (error) {
      // Spec §8: a failed resend is only logged.
      console.error("Could not resend the verification email", error);
    }
  };

  const width = {
    "--login-width": `${LOGIN_MODAL_WIDTH_PX}px`,
    "--login-small-width": `${LOGIN_MODAL_SMALL_WIDTH_PX}px`,
  };

  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      <RadixDialog.Root open={options !== null} onOpenChange={(isOpen) => !isOpen && dismiss()}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/60" />
          <RadixDialog.Content
            style={width as CSSProperties}
            onEscapeKeyDown={(e) => options?.hideClose && e.preventDefault()}
            onInteractOutside={(e) => options?.hideClose && e.preventDefault()}
            className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[var(--login-small-width)] max-w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-card bg-white shadow-raised xs:w-[var(--login-width)]"
          >
            <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-5 pb-1 xs:px-7 xs:pt-6">
              <RadixDialog.Title className="pr-8 font-bold text-navy-900 text-xl">Log in</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-slate-650 text-sm">
                Log in to your {firmShortName} buyer account.
              </RadixDialog.Description>
            </div>
            <div className="px-5 pt-4 pb-5 xs:px-7 xs:pb-7">
              {options ? (
                <LoginForm
                  key={openCount}
                  onLogin={login}
                  defaultEmail={options.email}
                  message={options.message}
                  escapeMessage={options.escapeMessage}
                  firmShortName={firmShortName}
                  onLeave={close}
                />
              ) : null}
            </div>
            {options?.hideClose ? null : (
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
        onOpenChange={(isOpen) => !isOpen && setUnverifiedEmail(null)}
        title={EMAIL_VERIFICATION_REQUIRED_TITLE}
        description={EMAIL_VERIFICATION_REQUIRED}
      >
        <div className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
          <RadixDialog.Close className={buttonStyles.secondary}>Cancel</RadixDialog.Close>
          <button
            type="button"
            className={buttonStyles.primary}
            onClick={() => unverifiedEmail && void resendVerification(unverifiedEmail)}
          >
            Resend verification email
          </button>
        </div>
      </Dialog>

      <MessageDialog
        open={sentTo !== null}
        onOpenChange={(isOpen) => !isOpen && setSentTo(null)}
        title={VERIFICATION_EMAIL_SENT_TITLE}
        message={sentTo ? verificationEmailSent(sentTo) : undefined}
      />

      <Dialog
        open={profileInvite && !onProfilePage && navigation.state === "idle"}
        onOpenChange={setProfileInvite}
        title="Complete your profile"
        description="Tell us which assets you buy and sell and where you invest, so we can bring you the deals that fit."
      >
        <div className="mt-6 flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
          <RadixDialog.Close className={buttonStyles.secondary}>Not now</RadixDialog.Close>
          <Link to="/buyer/profile" className={buttonStyles.primary} onClick={() => setProfileInvite(false)}>
            Go to my profile
          </Link>
        </div>
      </Dialog>
    </LoginDialogContext.Provider>
  );
}

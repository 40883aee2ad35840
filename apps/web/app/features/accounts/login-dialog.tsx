import { SERVER_ERROR, type SessionUser } from "@aea/domain";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import type { SubmitStatus } from "../../components/ui/submit-button";
import type { SiteData } from "../../lib/site";
import type { LoginFailure } from "./login-failure-notice";
import type { LoginAnswer, LoginStep } from "./login-request";

// The modal, its form and its validation load when a dialog first opens, not with every page.
const LoginDialogs = lazy(() => import("./login-dialogs"));

/** What a caller may ask of the modal (spec §2: hide-close, message, escape message, email, on-login). */
export interface LoginDialogOptions {
  /** No Close button, and Escape or a click outside keep it open (as on /login). */
  hideClose?: boolean;
  /** Why a login is asked for, shown above the form. */
  message?: string;
  /** Shows the Here By Mistake link (to the home page). */
  escapeMessage?: boolean;
  /** The email filled in. */
  email?: string;
  /** Runs after a successful login, once the modal has closed. */
  onLogin?(user: SessionUser): void;
}

interface LoginDialogApi {
  open(options?: LoginDialogOptions): void;
}

const LoginDialogContext = createContext<LoginDialogApi | null>(null);

/** Opens the login modal from anywhere; null outside the provider (callers then fall back to /login). */
export function useLoginDialog(): LoginDialogApi | null {
  return useContext(LoginDialogContext);
}

// The login calls load with the modal (which the visitor is using by then), not with every page.
const loadLoginRequest = () => import("./login-request");

/**
 * The login modal and the dialogs that follow it (resend verification, verification sent, complete your
 * profile) for the whole site (spec §2, §4): their state and calls live here, their markup in
 * login-dialogs.tsx, loaded when one first opens.
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
  const [loginStatus, setLoginStatus] = useState<SubmitStatus>("idle");
  const [loginFailure, setLoginFailure] = useState<LoginFailure | undefined>();
  /** Step two: the pending login waiting for the account's second factor. */
  const [pendingLogin, setPendingLogin] = useState<string | null>(null);
  /** …and how many passkeys its account has (with one, "Use a passkey" is offered). */
  const [pendingPasskeys, setPendingPasskeys] = useState(0);
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  // The invitation waits for a navigation started by onLogin, and is moot on the profile page itself.
  const onProfilePage = pathname === "/buyer/profile";
  useEffect(() => {
    if (onProfilePage) setProfileInvite(false);
  }, [onProfilePage]);
  // Spec §4: a buyer who has just logged in (in the modal or on /login) has their interests fetched and
  // checked; admins skip it. (The check and the interests rules load only now.)
  const user = site?.user ?? null;
  // Spec §8: an account whose password staff marked for reset is told so once per visit, after its
  // login (here or on /login) or on the first page it opens.
  const [resetAsked, setResetAsked] = useState(false);
  const [passwordResetOpen, setPasswordResetOpen] = useState(false);
  const mustResetPassword = user?.passwordResetRequired === true;
  useEffect(() => {
    if (!mustResetPassword || resetAsked) return;
    setResetAsked(true);
    setPasswordResetOpen(true);
  }, [mustResetPassword, resetAsked]);
  const hadUser = useRef(user !== null);
  useEffect(() => {
    const loggedIn = !hadUser.current && user !== null;
    hadUser.current = user !== null;
    if (!loggedIn || user.isAdmin || user.passwordResetRequired) return;
    void import("./interests-check").then(async ({ interestsComplete }) => {
      if (!(await interestsComplete()) && window.location.pathname !== "/buyer/profile")
        setProfileInvite(true);
    });
  }, [user]);

  const open = useCallback((next: LoginDialogOptions = {}) => {
    setOpenCount((n) => n + 1);
    setLoginFailure(undefined);
    setPendingLogin(null);
    setOptions(next);
  }, []);
  const close = () => setOptions(null);
  const api = useMemo(() => ({ open }), [open]);

  const dismiss = () => {
    setOptions(null);
    // Spec §2: when the modal closes the user is checked again.
    void revalidator.revalidate();
  };

  const login = async (step: LoginStep) => {
    if (loginStatus === "pending") return;
    setLoginStatus("pending");
    setLoginFailure(undefined);
    const answer: LoginAnswer = await loadLoginRequest().then(
      ({ requestLogin }) => requestLogin(...step),
      // The call's own code did not load (offline): the same as a call that failed.
      (): LoginAnswer => ({ kind: "failed", failure: { message: SERVER_ERROR, dialog: true } }),
    );
    setLoginStatus("idle");
    if (answer.kind === "failed") {
      if (answer.restart) setPendingLogin(null);
      setLoginFailure(answer.failure);
      return;
    }
    if (answer.kind === "second-factor") {
      setPendingLogin(answer.pendingLogin);
      setPendingPasskeys(answer.passkeys);
      return;
    }
    if (answer.kind === "not-verified") {
      setPendingLogin(null);
      setOptions(null);
      setUnverifiedEmail(answer.email);
      return;
    }
    loggedIn(answer.user);
  };

  /** The session has started (by a password, a code or a passkey): the modal closes, the page catches up. */
  const loggedIn = (loggedInUser: SessionUser) => {
    setPendingLogin(null);
    const onLogin = options?.onLogin;
    setOptions(null);
    void revalidator.revalidate();
    onLogin?.(loggedInUser);
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

  // Nor does it interrupt a buyer on the way into a data room (code dialog, agreement, documents): it
  // waits for the next ordinary page.
  const intoDataRoom =
    /^\/deals\/\d+\/data-room/.test(pathname) || new URLSearchParams(search).has("dataRoom");
  const profileInviteOpen = profileInvite && !onProfilePage && !intoDataRoom && navigation.state === "idle";
  const anyOpen =
    options !== null || unverifiedEmail !== null || sentTo !== null || profileInviteOpen || passwordResetOpen;
  // Loaded on first use and kept mounted after, so closing animations and focus return still work.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  useEffect(() => {
    if (anyOpen) setDialogsWanted(true);
  }, [anyOpen]);

  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      {anyOpen || dialogsWanted ? (
        <Suspense fallback={null}>
          <LoginDialogs
            login={options ? { ...options, formKey: openCount } : null}
            firmShortName={firmShortName}
            onLogin={(values) =>
              void login(["/api/Auth/Login", { ...values, applicationName: firmShortName }])
            }
            pendingLogin={pendingLogin}
            pendingPasskeys={pendingPasskeys}
            onCode={(values) => void login(["/api/Auth/LoginSecondFactor", values])}
            onPasskeyLogin={loggedIn}
            loginStatus={loginStatus}
            loginFailure={loginFailure}
            onDismiss={dismiss}
            onClose={close}
            unverifiedEmail={unverifiedEmail}
            onUnverifiedClosed={() => setUnverifiedEmail(null)}
            onResendVerification={(email) => void resendVerification(email)}
            sentTo={sentTo}
            onSentClosed={() => setSentTo(null)}
            profileInviteOpen={profileInviteOpen}
            onProfileInviteChange={setProfileInvite}
            passwordResetOpen={passwordResetOpen && mustResetPassword}
            onPasswordResetChange={setPasswordResetOpen}
            supportEmail={site?.supportEmail ?? ""}
          />
        </Suspense>
      ) : null}
    </LoginDialogContext.Provider>
  );
}

import { loginSchema } from "@aea/domain";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../components/ui/alert";
import { buttonStyles } from "../../components/ui/button-styles";
import { Checkbox } from "../../components/ui/checkbox";
import { PasswordField } from "../../components/ui/password-field";
import { TextField } from "../../components/ui/text-field";
import { allTouched, type FieldErrors, fieldErrorsOf } from "../../lib/form-fields";

export interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Why a login did not go through, as the form shows it. */
export interface LoginFailure {
  message: string;
  /** Wrong password or unknown email: the password is cleared for the next try (spec §8). */
  clearPassword?: boolean;
}

export interface LoginFormProps {
  /** With JavaScript: runs the login; resolves with a failure to show, or nothing when it is done. */
  onLogin?(values: LoginValues): Promise<LoginFailure | undefined>;
  /** Without JavaScript: where the form posts (the /login action). */
  action?: string;
  defaultEmail?: string;
  /** What the server said after a post without JavaScript. */
  serverError?: string;
  serverFieldErrors?: FieldErrors;
  /** The optional message at the top of the modal (e.g. why a login is needed). */
  message?: string;
  /** Shows the Here By Mistake link (to the home page). */
  escapeMessage?: boolean;
  firmShortName: string;
  /** Called when the visitor follows a link out of the form (the modal closes). */
  onLeave?(): void;
}

const FIELDS = ["email", "password"] as const;

/**
 * Email, password (with show/hide), Remember me, the forgot-password and create-account links (spec §2, §5).
 * Submit stays disabled while a field is empty or a login is running; messages appear once a field is touched.
 */
export function LoginForm({
  onLogin,
  action,
  defaultEmail = "",
  serverError,
  serverFieldErrors,
  message,
  escapeMessage,
  firmShortName,
  onLeave,
}: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: defaultEmail, password: "", rememberMe: false });
  const [touched, setTouched] = useState({ email: false, password: false });
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState(serverError);
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = fieldErrorsOf(loginSchema, values);
  const invalid = FIELDS.some((f) => errors[f]);
  const shown = (field: (typeof FIELDS)[number]) =>
    touched[field] ? errors[field] : (serverFieldErrors?.[field] ?? undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (!onLogin) return; // no script: the browser posts the form
    event.preventDefault();
    if (invalid || loading) {
      setTouched(allTouched(FIELDS));
      return;
    }
    setLoading(true);
    setFailure(undefined);
    const result = await onLogin(values);
    setLoading(false);
    if (!result) return;
    setFailure(result.message);
    if (result.clearPassword) {
      setValues((v) => ({ ...v, password: "" }));
      setTouched((t) => ({ ...t, password: false }));
      passwordRef.current?.focus();
    }
  };

  const forgotHref = `/forgot-password${values.email.trim() ? `?email=${encodeURIComponent(values.email.trim())}` : ""}`;

  return (
    <form method="post" action={action} noValidate onSubmit={submit} className="space-y-4">
      {message ? <Alert tone="info">{message}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        error={shown("email")}
        reserveErrorSpace
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        error={shown("password")}
        reserveErrorSpace
      />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Checkbox
          label="Remember me"
          name="rememberMe"
          checked={values.rememberMe}
          onChange={(e) => setValues((v) => ({ ...v, rememberMe: e.target.checked }))}
        />
        <Link
          to={forgotHref}
          onClick={onLeave}
          className="font-medium text-navy-700 text-sm underline-offset-2 hover:text-navy-900 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <button
        type="submit"
        disabled={Boolean(onLogin) && (invalid || loading)}
        aria-busy={loading || undefined}
        className={`${buttonStyles.primary} w-full py-2.5`}
      >
        {loading ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
        Log in
      </button>
      <p className="border-navy-100 border-t pt-4 text-center text-slate-650 text-sm">
        New to {firmShortName}?{" "}
        <Link
          to="/buyer/signup"
          onClick={onLeave}
          className="font-semibold text-navy-700 underline-offset-2 hover:text-navy-900 hover:underline"
        >
          Create an account
        </Link>
      </p>
      {escapeMessage ? (
        <p className="text-center text-sm">
          <Link
            to="/home"
            onClick={onLeave}
            className="text-slate-650 underline underline-offset-2 hover:text-navy-900"
          >
            Here By Mistake
          </Link>
        </p>
      ) : null}
    </form>
  );
}

import {
  EMAIL_ALREADY_REGISTERED,
  EMAIL_CHECK_DELAY_MS,
  emailSchema,
  PASSWORD_SYMBOLS,
  signupSchema,
} from "@aea/domain";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { buttonStyles } from "../../components/ui/button-styles";
import { PasswordField } from "../../components/ui/password-field";
import { TextField } from "../../components/ui/text-field";
import { allTouched, type FieldErrors, fieldErrorsOf } from "../../lib/form-fields";
import { PasswordChecklist } from "./password-checklist";

export const SIGNUP_FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword"] as const;
type Field = (typeof SIGNUP_FIELDS)[number];
type Values = Record<Field, string>;

/** Asks the server, 400 ms after typing stops, whether an email already has an account (spec §5). */
function useEmailTaken(email: string): boolean {
  const normalised = email.trim().toLowerCase();
  const [taken, setTaken] = useState<string | null>(null);
  useEffect(() => {
    if (!emailSchema.safeParse(normalised).success) return;
    const controller = new AbortController();
    const check = async () => {
      try {
        const response = await fetch(
          `/api/Auth/CheckEmailAvailability?email=${encodeURIComponent(normalised)}`,
          {
            signal: controller.signal,
            headers: { accept: "application/json" },
          },
        );
        if (response.status === 409) setTaken(normalised);
        else if (response.ok) setTaken((t) => (t === normalised ? null : t));
      } catch {
        // Aborted or offline: the server checks again on submit.
      }
    };
    const timer = setTimeout(() => void check(), EMAIL_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [normalised]);
  return taken !== null && taken === normalised;
}

/** The buyer registration form (spec §3 Forms, §5): posts to the page's action, checked first in the browser. */
export function SignupForm({
  defaultValues,
  serverErrors,
  submitting,
  firmShortName,
}: {
  defaultValues?: Partial<Values>;
  serverErrors?: FieldErrors;
  submitting: boolean;
  firmShortName: string;
}) {
  const [values, setValues] = useState<Values>({
    firstName: defaultValues?.firstName ?? "",
    lastName: defaultValues?.lastName ?? "",
    email: defaultValues?.email ?? "",
    password: "",
    confirmPassword: "",
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [fromServer, setFromServer] = useState<FieldErrors>(serverErrors ?? {});
  const [passwordFocused, setPasswordFocused] = useState(false);
  useEffect(() => setFromServer(serverErrors ?? {}), [serverErrors]);

  const emailTaken = useEmailTaken(values.email);
  const errors = fieldErrorsOf(signupSchema, values);
  const shown = (field: Field): string | undefined => {
    if (touched[field] && errors[field]) return errors[field];
    if (field === "email" && emailTaken) return EMAIL_ALREADY_REGISTERED;
    return fromServer[field];
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (SIGNUP_FIELDS.some((f) => errors[f]) || emailTaken) {
      event.preventDefault();
      setTouched(allTouched(SIGNUP_FIELDS));
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    required: true,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setFromServer((s) => ({ ...s, [name]: undefined }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: shown(name),
  });

  return (
    <Form method="post" noValidate onSubmit={submit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
      </div>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        hint="We send a link to this address to verify it."
        {...field("email")}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`6 to 32 characters: letters, numbers and ${PASSWORD_SYMBOLS}, with at least one letter and one number.`}
        describedById={passwordFocused ? "signup-password-checks" : undefined}
        {...field("password")}
        onFocus={() => setPasswordFocused(true)}
        onBlur={() => {
          setPasswordFocused(false);
          setTouched((t) => ({ ...t, password: true }));
        }}
      >
        {passwordFocused ? (
          <PasswordChecklist id="signup-password-checks" password={values.password} />
        ) : null}
      </PasswordField>
      <PasswordField label="Confirm password" autoComplete="new-password" {...field("confirmPassword")} />
      <button
        type="submit"
        disabled={submitting}
        aria-busy={submitting || undefined}
        className={`${buttonStyles.primary} w-full py-2.5`}
      >
        {submitting ? <LoaderCircle aria-hidden size={18} className="animate-spin" /> : null}
        Create account
      </button>
      <p className="text-center text-slate-650 text-sm">
        Already registered with {firmShortName}?{" "}
        <Link
          to="/login?redirectTo=%2Fbuyer%2Fprofile"
          className="font-semibold text-navy-700 underline-offset-2 hover:text-navy-900 hover:underline"
        >
          Log in
        </Link>
      </p>
    </Form>
  );
}

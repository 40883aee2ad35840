import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";
import { FieldError } from "./field-error";
import { describedBy, fieldStyles } from "./field-styles";

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: ReactNode;
  name: string;
  error?: string;
  /** Keep the error line's space even without an error (compact dialogs validated on blur). */
  reserveErrorSpace?: boolean;
  hint?: ReactNode;
  /** Extra ids for aria-describedby (e.g. a checklist shown beside the field). */
  describedById?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
  /** Rendered under the input inside the field's positioning box (e.g. a popover). */
  children?: ReactNode;
}

/** A password input with a Show/Hide password toggle (the toggle needs JavaScript; the input works without). */
export function PasswordField({
  label,
  error,
  reserveErrorSpace,
  hint,
  describedById,
  className,
  children,
  ref,
  ...input
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={ref}
          id={id}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, describedById, error && errorId)}
          className={`${fieldStyles.input} pr-11`}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-650 hover:text-navy-900"
        >
          {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
          <span className="sr-only">{visible ? "Hide password" : "Show password"}</span>
        </button>
        {children}
      </div>
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} reserve={reserveErrorSpace}>
        {error}
      </FieldError>
    </div>
  );
}

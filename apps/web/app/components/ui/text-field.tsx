import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { FieldError } from "./field-error";
import { describedBy, fieldStyles } from "./field-styles";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: ReactNode;
  name: string;
  /** Shown below the input and announced with it; also sets aria-invalid. */
  error?: string;
  /** Keep the error line's space even without an error (compact dialogs validated on blur). */
  reserveErrorSpace?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
  inputClassName?: string;
}

/** A labelled text input with an optional hint and error message. */
export function TextField({
  reserveErrorSpace,
  label,
  error,
  hint,
  className,
  inputClassName,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        className={`mt-1 ${fieldStyles.input} ${inputClassName ?? ""}`}
        {...input}
      />
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

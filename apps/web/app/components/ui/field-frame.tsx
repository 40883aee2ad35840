import { type ReactNode, useId } from "react";
import { FieldError } from "./field-error";
import { describedBy, fieldStyles } from "./field-styles";

/** What the control inside a FieldFrame carries to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrameProps {
  label: ReactNode;
  /** Shown below the control and announced with it; also sets aria-invalid. */
  error?: string;
  /** Keep the error line's space even without an error (compact dialogs validated on blur). */
  reserveErrorSpace?: boolean;
  hint?: ReactNode;
  className?: string;
}

/** The label, hint and error around one form control (input, textarea), wired to it by ids. */
export function FieldFrame({
  label,
  error,
  reserveErrorSpace,
  hint,
  className,
  children,
}: FieldFrameProps & { children(control: FieldControlProps): ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(hintId, error && errorId),
      })}
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

import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { FieldError } from "../../components/ui/field-error";
import { describedBy, fieldStyles } from "../../components/ui/field-styles";

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** A labelled multi-line input that looks and behaves like TextField. */
export function TextAreaField({ label, error, hint, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        className={`mt-1 ${fieldStyles.input} resize-y`}
        {...textarea}
      />
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A visual marker for required fields; the inputs say it to assistive technology themselves. */
export function RequiredMark() {
  return (
    <span aria-hidden className="ml-0.5 text-negative">
      *
    </span>
  );
}

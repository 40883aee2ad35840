import type { TextareaHTMLAttributes } from "react";
import { FieldFrame, type FieldFrameProps } from "./field-frame";
import { fieldStyles } from "./field-styles";

export interface TextAreaFieldProps
  extends FieldFrameProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  name: string;
}

/** A labelled multi-line input that looks and behaves like TextField. */
export function TextAreaField({ label, error, hint, className, rows = 5, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea {...control} rows={rows} className={`mt-1 ${fieldStyles.input} resize-y`} {...textarea} />
      )}
    </FieldFrame>
  );
}

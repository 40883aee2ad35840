import type { InputHTMLAttributes, Ref } from "react";
import { FieldFrame, type FieldFrameProps } from "./field-frame";
import { fieldStyles } from "./field-styles";

export interface TextFieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  name: string;
  ref?: Ref<HTMLInputElement>;
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
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      reserveErrorSpace={reserveErrorSpace}
      className={className}
    >
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={`mt-1 ${fieldStyles.input} ${inputClassName ?? ""}`}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

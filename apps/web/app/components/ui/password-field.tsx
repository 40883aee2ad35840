import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from "react";
import { FieldFrame, type FieldFrameProps } from "./field-frame";
import { describedBy, fieldStyles } from "./field-styles";

export interface PasswordFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type">,
    Omit<FieldFrameProps, "className"> {
  name: string;
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
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame
      label={label}
      error={error}
      reserveErrorSpace={reserveErrorSpace}
      hint={hint}
      className={className}
    >
      {(control) => (
        <div className="relative mt-1">
          <input
            ref={ref}
            {...control}
            aria-describedby={describedBy(control["aria-describedby"], describedById)}
            type={visible ? "text" : "password"}
            className={`${fieldStyles.input} pr-11`}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-650 hover:text-navy-900"
          >
            {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
            <span className="sr-only">{visible ? "Hide password" : "Show password"}</span>
          </button>
          {children}
        </div>
      )}
    </FieldFrame>
  );
}

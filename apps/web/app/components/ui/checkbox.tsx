import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: ReactNode;
  className?: string;
}

/** A native checkbox with its label beside it (the whole label is the click target). */
export function Checkbox({ label, className, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`flex items-start gap-2.5 ${className ?? ""}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-navy-700"
        {...input}
      />
      <label htmlFor={id} className="cursor-pointer text-navy-900 text-sm leading-5">
        {label}
      </label>
    </div>
  );
}

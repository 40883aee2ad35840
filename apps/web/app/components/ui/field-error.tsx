import { CircleExclamationPoint } from "lucide-react";
import { fieldStyles } from "./field-styles";

/** A field's error text; screen readers hear it through the input's aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className={fieldStyles.error}>
      <CircleExclamationPoint aria-hidden size={16} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

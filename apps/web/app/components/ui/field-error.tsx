import { CircleExclamationPoint } from "lucide-react";
import { fieldStyles } from "./field-styles";

/**
 * A field's error text; screen readers hear it through the input's aria-describedby. With `reserve`,
 * its line is kept even without an error, so an error appearing on blur does not move what is below
 * (a click that started on a button below would otherwise land on empty space).
 */
export function FieldError({
  id,
  children,
  reserve = false,
}: {
  id: string;
  children?: string;
  reserve?: boolean;
}) {
  if (!children) return reserve ? <p aria-hidden="true" className={`${fieldStyles.error} min-h-5`} /> : null;
  return (
    <p id={id} className={`${fieldStyles.error} ${reserve ? "min-h-5" : ""}`}>
      <CircleExclamationPoint aria-hidden size={16} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

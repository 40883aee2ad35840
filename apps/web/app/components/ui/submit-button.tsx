import { CircleCheck, CircleExclamationPoint, LoaderCircle } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { buttonStyles } from "./button-styles";
import { useReadOnlyReason } from "./read-only";

/** Where a submit stands: nothing yet, on its way, done, or refused. */
export type SubmitStatus = "idle" | "pending" | "success" | "error";

const statusIcons = {
  pending: <LoaderCircle aria-hidden size={18} className="animate-spin" />,
  success: <CircleCheck aria-hidden size={18} />,
  error: <CircleExclamationPoint aria-hidden size={18} />,
} as const;

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  status?: SubmitStatus;
  /** Shown while idle (e.g. a send icon); the status icon takes its place otherwise. */
  icon?: ReactNode;
  look?: keyof typeof buttonStyles;
  children: ReactNode;
}

/**
 * The one submit button of every form. It is never disabled for what the fields hold: a submit always
 * reaches the form's checks (before JavaScript, the server's), which say what is missing. While a
 * submit is pending it says so and waits (spec §5: disabled while loading). Inside a `ReadOnly` part
 * of the page it is disabled and its title says why.
 */
export function SubmitButton({
  status = "idle",
  icon,
  look = "primary",
  className,
  children,
  disabled,
  ...button
}: SubmitButtonProps) {
  const readOnly = useReadOnlyReason();
  return (
    <button
      type="submit"
      disabled={disabled || status === "pending" || readOnly !== null}
      title={readOnly ?? undefined}
      aria-busy={status === "pending" || undefined}
      className={`${buttonStyles[look]} ${className ?? ""}`}
      {...button}
    >
      {status === "idle" ? (icon ?? null) : statusIcons[status]}
      {children}
    </button>
  );
}

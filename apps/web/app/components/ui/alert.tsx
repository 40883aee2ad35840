import { CircleCheck, CircleExclamationPoint, Info } from "lucide-react";
import type { ReactNode } from "react";

const tones = {
  error: { box: "border-negative/30 bg-negative/5 text-negative", Icon: CircleExclamationPoint },
  success: { box: "border-positive/30 bg-positive/5 text-positive", Icon: CircleCheck },
  info: { box: "border-navy-100 bg-navy-50 text-navy-800", Icon: Info },
} as const;

/**
 * A boxed message inside a page or form. Errors are announced at once (role alert); success and info
 * messages politely (role status).
 */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-2.5 rounded-md border px-3.5 py-3 text-sm ${box} ${className ?? ""}`}
    >
      <Icon aria-hidden size={18} className="mt-px shrink-0" />
      <div className="min-w-0 font-medium">{children}</div>
    </div>
  );
}

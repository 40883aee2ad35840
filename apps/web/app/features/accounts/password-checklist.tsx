import { PASSWORD_POPOVER_LENGTH, PASSWORD_POPOVER_NUMBER, passwordPopoverChecks } from "@aea/domain";
import { Check, X } from "lucide-react";

/** The popover beside a new password while it has focus (spec §4, §5): two checks, met or not yet. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const checks = passwordPopoverChecks(password);
  const rows = [
    { label: PASSWORD_POPOVER_LENGTH, met: checks.length },
    { label: PASSWORD_POPOVER_NUMBER, met: checks.number },
  ];
  return (
    <div
      id={id}
      className="absolute inset-x-0 top-full z-20 mt-2 animate-fade-in rounded-md border border-navy-100 bg-white p-3 shadow-raised"
    >
      <span
        aria-hidden
        className="absolute -top-1.5 left-5 size-3 rotate-45 border-navy-100 border-t border-l bg-white"
      />
      <p className="font-semibold text-navy-900 text-xs uppercase tracking-wide">Your password needs</p>
      <ul className="mt-2 space-y-1.5 text-sm">
        {rows.map((row) => (
          <li
            key={row.label}
            className={`flex items-center gap-2 ${row.met ? "text-positive" : "text-slate-650"}`}
            data-met={row.met}
          >
            {row.met ? (
              <Check aria-hidden size={16} className="shrink-0" />
            ) : (
              <X aria-hidden size={16} className="shrink-0 text-negative" />
            )}
            <span>{row.label}</span>
            <span className="sr-only">{row.met ? "(met)" : "(not met)"}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

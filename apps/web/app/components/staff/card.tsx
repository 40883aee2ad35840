import type { ReactNode } from "react";

/** The white, rounded, bordered panel staff pages are built of. */
export const cardStyles = "rounded-card border border-navy-100 bg-white shadow-card";

/** A plain card; `className` adds spacing and layout (padding is the caller's: tables sit flush). */
export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`${cardStyles} ${className ?? ""}`}>{children}</div>;
}

/** A titled card: one part of a staff page, named for assistive technology by its heading. */
export function Section({
  id,
  title,
  intro,
  actions,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Buttons or links beside the heading (an export, a "view all"). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`${cardStyles} p-5 sm:p-6 ${className ?? ""}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="font-semibold text-navy-900 text-xl">
            {title}
          </h2>
          {intro ? <p className="mt-1 text-slate-650 text-sm">{intro}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** A figure on a card: a label, the number and an optional note under it. */
export function StatCard({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className={`${cardStyles} p-5`}>
      <p className="text-slate-650 text-sm">{label}</p>
      <p className="tabular mt-1 font-bold text-3xl text-navy-900">{value}</p>
      {note ? <p className="mt-1 text-slate-500 text-xs">{note}</p> : null}
    </div>
  );
}

/** "Nothing here": inside a section a quiet line, on its own a card with an optional icon. */
export function EmptyState({
  children,
  icon,
  boxed = false,
  className,
}: {
  children: ReactNode;
  icon?: ReactNode;
  boxed?: boolean;
  className?: string;
}) {
  if (!boxed) return <p className={`text-slate-650 text-sm italic ${className ?? ""}`}>{children}</p>;
  return (
    <div className={`${cardStyles} p-8 text-center text-slate-650 ${className ?? ""}`}>
      {icon ? <div className="mb-3 flex justify-center text-slate-500">{icon}</div> : null}
      <p>{children}</p>
    </div>
  );
}

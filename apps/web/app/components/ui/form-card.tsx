import type { ReactNode } from "react";

/**
 * The card a single form lives in (log in, forgot and reset password, verify): an amber top edge,
 * an optional round icon, the heading and a line under it, then the form.
 */
export function FormCard({
  titleId,
  title,
  icon,
  description,
  children,
  className,
}: {
  titleId: string;
  title: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={`mx-auto w-full rounded-card border border-navy-100 bg-white shadow-card ${className ?? "max-w-md"}`}
    >
      <div className="rounded-t-card border-amber-500 border-t-4 px-5 pt-6 xs:px-8">
        {icon ? (
          <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            {icon}
          </span>
        ) : null}
        <h1 id={titleId} className="font-bold text-2xl text-navy-900">
          {title}
        </h1>
        {description ? <p className="mt-1 text-slate-650">{description}</p> : null}
      </div>
      <div className="px-5 pt-5 pb-6 xs:px-8">{children}</div>
    </section>
  );
}

/** The calm backdrop a FormCard page sits on. */
export function FormPage({ children }: { children: ReactNode }) {
  return (
    <div className="bg-[linear-gradient(180deg,var(--color-navy-50),white_70%)] px-4 py-10 sm:py-16">
      {children}
    </div>
  );
}

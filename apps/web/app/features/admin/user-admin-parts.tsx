import type { ReactNode } from "react";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A stored ISO time as staff read it (UTC, so server and browser agree). */
export const formatDay = (iso: string): string => day.format(new Date(iso));
export const formatMoment = (iso: string): string => `${moment.format(new Date(iso))} UTC`;

/** The roles in effect, as the list and the user page name them (staff roles need a verified address). */
export function accountRoles(u: {
  isAdmin: boolean;
  verified: boolean;
  isManagement: boolean;
  hasClaimAD: boolean;
  privateListingIds: number[];
}): string[] {
  const roles = [
    u.isAdmin && u.verified && "Admin",
    u.isManagement && "Management",
    u.privateListingIds.length > 0 && "Private deals",
    u.hasClaimAD && "Claim",
  ].filter((role): role is string => Boolean(role));
  return roles.length ? roles : ["Buyer"];
}

/** One titled panel of the user page. */
export function UserSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-card border border-navy-100 bg-white p-5 shadow-card sm:p-6 ${className ?? ""}`}
    >
      <h2 id={id} className="font-semibold text-navy-900 text-xl">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-slate-650 text-sm">{intro}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** "Nothing here" in a section. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-slate-650 text-sm italic">{children}</p>;
}

import { isAdminOrClaim } from "@aea/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { analysisPath } from "../../lib/analysis-path";
import { useSite } from "../../lib/site";

const ADMIN_TOOLS = [
  { to: "/admin-panel", label: "Admin panel" },
  { to: "/admin/dashboard", label: "Mgmt Dash" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/listings", label: "Listings" },
  { to: "/admin/reorder-deals", label: "Reorder Deals" },
  { to: "/admin/similar-deals", label: "Similar Deals" },
  { to: "/admin/outbox", label: "Mail outbox" },
  { to: "/admin/notifications", label: "Notifications" },
  { to: "/admin/content", label: "Content" },
  { to: "/FAQ", label: "FAQ" },
];

/** The frame of a staff page: a heading, a short intro and the staff navigation. */
export function StaffPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { user } = useSite();
  // Claim holders who are not admins come here for the analysis page only (issue 22).
  const claimOnly = Boolean(user?.hasClaimAD && !user.isAdmin && !user.isManagement);
  const links = [
    ...(claimOnly ? [] : ADMIN_TOOLS),
    ...(isAdminOrClaim(user) ? [{ to: analysisPath, label: "Analysis" }] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <nav aria-label="Staff tools" className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-flex rounded-full border border-navy-100 px-3 py-1 text-navy-800 hover:bg-navy-50"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="font-bold text-2xl text-navy-900 sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-slate-650">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

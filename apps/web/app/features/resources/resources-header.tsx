import type { ReactNode } from "react";
import { Link } from "react-router";

export const RESOURCE_PAGES = [
  { to: "/resources/marketplace", label: "Marketplace" },
  { to: "/resources/posts/all", label: "Posts" },
  { to: "/resources/press-releases", label: "Press Releases" },
] as const;

/** The band at the top of every resources page, with the three pages as tabs. */
export function ResourcesHeader({
  title,
  current,
  children,
}: {
  title: string;
  /** The tab to mark as current (a path of RESOURCE_PAGES). */
  current: (typeof RESOURCE_PAGES)[number]["to"];
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(242_154_31/0.22),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14">
        <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">Resources</p>
        <h1 className="mt-2 font-bold text-3xl sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-navy-100">{children}</div> : null}
        <nav aria-label="Resources" className="mt-8 -mb-px flex gap-1 overflow-x-auto">
          {RESOURCE_PAGES.map((page) => {
            const active = page.to === current;
            return (
              <Link
                key={page.to}
                to={page.to}
                aria-current={active ? "page" : undefined}
                className={`whitespace-nowrap rounded-t-md px-4 py-2.5 font-semibold text-sm transition-colors ${
                  active ? "bg-white text-navy-900" : "text-navy-100 hover:bg-white/10 hover:text-white"
                }`}
              >
                {page.label}
              </Link>
            );
          })}
        </nav>
      </div>
    </header>
  );
}

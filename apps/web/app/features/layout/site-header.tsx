import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { BackButton } from "./back-button";
import { FirmLogo } from "./firm-logo";
import { SideMenu } from "./side-menu";
import { TopMenu } from "./top-menu";

/** The site header (79 px) and, below it, the search bar the page composes (deal search and size toggles). */
export function SiteHeader({ searchBar }: { searchBar: ReactNode }) {
  const location = useLocation();
  const loginTo = `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <header className="no-print sticky top-0 z-40 bg-navy-900 shadow-card">
      <div className="mx-auto flex h-header max-w-[1920px] items-center gap-2 px-3 sm:px-5">
        <BackButton />
        <FirmLogo />
        <div className="ml-auto flex items-center gap-2">
          <TopMenu />
          <Link
            to={loginTo}
            className="inline-flex items-center gap-1.5 rounded-md bg-amber-500 px-3.5 py-2 font-semibold text-navy-950 text-sm hover:bg-amber-600"
          >
            <LogIn aria-hidden size={16} />
            Login
          </Link>
          <SideMenu />
        </div>
      </div>
      <div className="border-navy-700 border-t bg-navy-800">
        <div className="mx-auto flex max-w-[1920px] flex-wrap items-center gap-2 px-3 py-2 sm:px-5">
          {searchBar}
        </div>
      </div>
    </header>
  );
}

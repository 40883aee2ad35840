import { STOP_VIEWING_AS, VIEWING_AS_HINT, viewingAs } from "@aea/domain";
import { Eye, Square } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { island } from "../../lib/island";
import { useSite } from "../../lib/site";
import { BackButton } from "./back-button";
import { FirmLogo } from "./firm-logo";

// Menus are links until their code arrives (decision 037).
const TopMenu = island(() => import("./top-menu").then((m) => m.TopMenu));
const SideMenu = island(() => import("./side-menu").then((m) => m.SideMenu));

/** The site header (79 px) and, below it, the search bar the page composes (deal search and size toggles), if any. */
export function SiteHeader({ searchBar, account }: { searchBar: ReactNode; account: ReactNode }) {
  const { user } = useSite();
  const impersonating = user !== null && user.impersonatorId !== null;
  return (
    <header
      className={`no-print sticky top-0 z-40 shadow-card ${impersonating ? "impersonation-header" : "bg-navy-900"}`}
    >
      {impersonating ? <ImpersonationBar name={user.name || user.email} /> : null}
      <div className="mx-auto flex h-header max-w-[1920px] items-center gap-2 px-3 sm:px-5">
        <BackButton />
        <FirmLogo />
        <div className="ml-auto flex items-center gap-2">
          <TopMenu />
          {account}
          <SideMenu />
        </div>
      </div>
      {searchBar ? (
        <div className="border-navy-700 border-t bg-navy-800">
          <div className="mx-auto flex max-w-[1920px] flex-wrap items-center gap-2 px-3 py-2 sm:px-5">
            {searchBar}
          </div>
        </div>
      ) : null}
    </header>
  );
}

/**
 * While an admin views the site as a buyer (spec §2: the header in an amber gradient): whose view
 * this is, and Stop, which returns to the admin's own session.
 */
function ImpersonationBar({ name }: { name: string }) {
  return (
    <div className="impersonation-bar">
      <div className="mx-auto flex max-w-[1920px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-1.5 sm:px-5">
        <div className="text-navy-950 text-sm">
          <p className="flex items-center gap-2 font-semibold">
            <Eye aria-hidden size={16} />
            {viewingAs(name)}
          </p>
          <p>{VIEWING_AS_HINT}</p>
        </div>
        <Form method="post" action="/impersonation/stop">
          <button
            type="submit"
            className="inline-flex items-center gap-1.5 rounded-md bg-navy-950 px-3 py-1 font-semibold text-sm text-white hover:bg-navy-800"
          >
            <Square aria-hidden size={12} fill="currentColor" />
            {STOP_VIEWING_AS}
          </button>
        </Form>
      </div>
    </div>
  );
}

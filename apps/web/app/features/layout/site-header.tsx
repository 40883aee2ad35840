import { canSeePrivateDeals, PRIVATE_VDR } from "@aea/domain";
import type { ReactNode } from "react";
import { useSite } from "../../lib/site";
import { BackButton } from "./back-button";
import { FirmLogo } from "./firm-logo";
import { SideMenu } from "./side-menu";
import { TopMenu } from "./top-menu";

/** The site header (79 px) and, below it, the search bar the page composes (deal search and size toggles), if any. */
export function SiteHeader({ searchBar, account }: { searchBar: ReactNode; account: ReactNode }) {
  const { user } = useSite();
  const privateDeals = canSeePrivateDeals(user) ? [{ label: PRIVATE_VDR, to: "/deals/private" }] : [];
  return (
    <header className="no-print sticky top-0 z-40 bg-navy-900 shadow-card">
      <div className="mx-auto flex h-header max-w-[1920px] items-center gap-2 px-3 sm:px-5">
        <BackButton />
        <FirmLogo />
        <div className="ml-auto flex items-center gap-2">
          <TopMenu extraItems={privateDeals} />
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

import { canSeePrivateDeals, PRIVATE_VDR } from "@aea/domain";
import { ChevronDown } from "lucide-react";
import { NavLink } from "react-router";
import { Menu } from "../../components/ui/menu";
import { useSite } from "../../lib/site";
import { type NavLinkItem, topMenu } from "./site-navigation";

const itemClass =
  "whitespace-nowrap rounded-md px-2.5 py-2 font-medium text-[0.92rem] text-navy-100 transition-colors hover:bg-white/10 hover:text-white aria-[current=page]:text-amber-500";

/** The desktop menu (≥1186 px). Items with a list keep a plain link (works before JavaScript) plus a chevron that opens it. */
export function TopMenu() {
  const { user } = useSite();
  const items = [...topMenu];
  // Private VDR, for those who may see private deals.
  if (canSeePrivateDeals(user)) items.splice(3, 0, { label: PRIVATE_VDR, to: "/deals/private" });
  return (
    <nav aria-label="Main" className="hidden nav:block">
      <ul className="flex items-center gap-0.5">
        {items.map((item) => (
          <li key={item.label} className="flex items-center">
            <NavLink to={item.to} end={item.to === "/home"} className={itemClass}>
              {item.label}
            </NavLink>
            {"children" in item && item.children ? (
              <SubMenu label={item.label} links={item.children} />
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SubMenu({ label, links }: { label: string; links: NavLinkItem[] }) {
  return (
    <Menu
      label={`${label} menu`}
      trigger={<ChevronDown aria-hidden size={16} />}
      triggerClassName="-ml-1.5 rounded-md p-1 text-navy-100 hover:bg-white/10 hover:text-white data-[state=open]:text-amber-500"
      entries={links.map((link) => ({ label: link.label, to: link.to }))}
      align="start"
      sideOffset={10}
      contentClassName="z-50 min-w-60 animate-fade-in rounded-card border border-navy-100 bg-white p-1.5 shadow-raised"
      itemClassName="block rounded-md px-3 py-2 text-navy-800 text-sm outline-none data-[highlighted]:bg-navy-50 data-[highlighted]:text-navy-900"
    />
  );
}

import { LOG_IN, LOG_OUT, SIDE_MENU_CLOSE_DELAY_MS, SIDE_MENU_SECTIONS } from "@aea/domain";
import { ExternalLink, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { MouseEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { useSite } from "../../lib/site";
import {
  aboutLinks,
  assignmentLinks,
  type NavLinkItem,
  pitchbookLinks,
  priorResearchLinks,
} from "./site-navigation";

const servicesLinks: NavLinkItem[] = [
  { label: "Divestiture Services", to: "/services" },
  { label: "Technical Services", to: "/pitchbooks/capabilities-pitchbook" },
  { label: "Sell Your Assets", to: "/seller" },
];

const anonymousProfileLinks: NavLinkItem[] = [{ label: "Register as a Buyer", to: "/buyer/signup" }];
const buyerProfileLinks: NavLinkItem[] = [{ label: "Buyer Profile", to: "/buyer/profile" }];

/** The menu's panel: slides in from the right and closes 300 ms before it navigates (§2). */
export default function SideMenuPanel({ open, setOpen }: { open: boolean; setOpen(open: boolean): void }) {
  const { user } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const loginTo = `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;

  const go = (event: MouseEvent<HTMLAnchorElement>, link: NavLinkItem) => {
    if (link.external || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    setOpen(false);
    setTimeout(() => void navigate(link.to), SIDE_MENU_CLOSE_DELAY_MS);
  };

  const section = (title: string, links: NavLinkItem[]) => (
    <section key={title} className="border-navy-700 border-t py-3">
      <h2 className="px-5 pb-1 font-semibold text-amber-500 text-xs uppercase tracking-[0.12em]">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            {link.external ? (
              <a
                href={link.to}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center justify-between px-5 py-2 text-navy-50 hover:bg-white/10"
              >
                {link.label}
                <ExternalLink aria-hidden size={14} />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <Link
                to={link.to}
                onClick={(e) => go(e, link)}
                className="block px-5 py-2 text-navy-50 hover:bg-white/10"
              >
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] animate-slide-in-right flex-col overflow-y-auto bg-navy-900 shadow-raised">
          <div className="flex items-center justify-between px-5 py-4">
            <Dialog.Title className="font-semibold text-white">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Site sections and your account</Dialog.Description>
            <Dialog.Close aria-label="Close menu" className="rounded-md p-2 text-white hover:bg-white/10">
              <X aria-hidden size={22} />
            </Dialog.Close>
          </div>
          <div className="px-5 pb-3">
            {user ? (
              <Form method="post" action="/logout" onSubmit={() => setOpen(false)}>
                <p className="mb-2 truncate text-navy-100 text-sm">Signed in as {user.name}</p>
                <button
                  type="submit"
                  className="block w-full rounded-md border border-white/30 px-4 py-2 text-center font-semibold text-white hover:bg-white/10"
                >
                  {LOG_OUT}
                </button>
              </Form>
            ) : (
              <Link
                to={loginTo}
                onClick={(e) => go(e, { label: LOG_IN, to: loginTo })}
                className="block rounded-md bg-amber-500 px-4 py-2 text-center font-semibold text-navy-950"
              >
                {LOG_IN}
              </Link>
            )}
          </div>
          <nav aria-label="Side menu">
            {section(SIDE_MENU_SECTIONS.currentAssignments, assignmentLinks)}
            {section(SIDE_MENU_SECTIONS.about, aboutLinks)}
            {section(SIDE_MENU_SECTIONS.pitchbooks, pitchbookLinks)}
            {section(SIDE_MENU_SECTIONS.profile, user ? buyerProfileLinks : anonymousProfileLinks)}
            {section(SIDE_MENU_SECTIONS.services, servicesLinks)}
            {section(SIDE_MENU_SECTIONS.priorResearchAndTools, priorResearchLinks)}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

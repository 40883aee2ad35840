import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
} from "react";
import { useNavigate } from "react-router";

type ClickHandler = (event: MouseEvent<HTMLAnchorElement>) => void;

const ListLinkClick = createContext<ClickHandler | undefined>(undefined);

/**
 * Gives every ListLink below it client-side navigation, from one `useNavigate` for the page. Placed once
 * in the root; without it (an error page) a ListLink is a plain link and loads the page in full.
 */
export function ListLinkNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = useCallback<ClickHandler>(
    (event) => {
      const link = event.currentTarget;
      const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
      if (event.defaultPrevented || event.button !== 0 || modified) return;
      if ((link.target && link.target !== "_self") || link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // As <Link> does: following a link to the page already shown replaces the history entry.
      void navigate(to, {
        replace: to === here,
        preventScrollReset: link.dataset.preventScrollReset === "true",
      });
    },
    [navigate],
  );
  return <ListLinkClick.Provider value={onClick}>{children}</ListLinkClick.Provider>;
}

interface ListLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick"> {
  /** An absolute path on this site ("/deals/1042", "/deals/public?type=minerals"). */
  href: string;
  /** Keep the scroll position, as a filter option does. */
  preventScrollReset?: boolean;
}

/**
 * A link in a long list (filter options, deal cards) that navigates in the browser like React Router's
 * `<Link>` for an absolute path, at the cost of one context read. A `<Link>` runs four of the router's
 * hooks to resolve its path; a signed-in deals page draws about a hundred of these links on every
 * request (decision 037, sixth pass). Relative paths, state and view transitions need `<Link>`.
 */
export function ListLink({ href, preventScrollReset, children, ...props }: ListLinkProps) {
  const onClick = useContext(ListLinkClick);
  return (
    <a
      {...props}
      href={href}
      onClick={onClick}
      // React Router fetches the routes of links it sees marked so, before they are followed.
      data-discover="true"
      data-prevent-scroll-reset={preventScrollReset ? "true" : undefined}
    >
      {children}
    </a>
  );
}

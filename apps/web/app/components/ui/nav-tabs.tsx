import { useEffect, useRef } from "react";
import { Link } from "react-router";

export interface NavTab {
  to: string;
  label: string;
  current: boolean;
}

/**
 * A row of links styled as tabs, each one a page. On narrow screens the row scrolls sideways and
 * starts with the current tab in view.
 */
export function NavTabs({ label, tabs }: { label: string; tabs: NavTab[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const current = tabs.findIndex((tab) => tab.current);
  useEffect(() => {
    const list = listRef.current;
    const item = current >= 0 ? (list?.children[current] as HTMLElement | undefined) : undefined;
    if (!list || !item) return;
    const overflow = item.offsetLeft + item.offsetWidth - list.clientWidth;
    if (item.offsetLeft < list.scrollLeft || overflow > list.scrollLeft) {
      list.scrollLeft = Math.max(0, item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2);
    }
  }, [current]);
  return (
    <nav aria-label={label} className="border-navy-100 border-b bg-white">
      <ul ref={listRef} className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 [scrollbar-width:none]">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={`block border-b-2 px-3 py-3.5 font-semibold text-sm transition-colors ${
                tab.current
                  ? "border-amber-500 text-navy-900"
                  : "border-transparent text-slate-650 hover:border-navy-100 hover:text-navy-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

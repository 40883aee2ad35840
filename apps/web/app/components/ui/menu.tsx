import { lazy, type ReactNode, Suspense, useState } from "react";

/** One entry of a menu: a link, or an action run when it is chosen. */
export interface MenuEntry {
  label: string;
  to?: string;
  onSelect?: () => void;
}

export interface MenuProps {
  /** What the trigger button shows; its accessible name is `label` when given, else this content. */
  trigger: ReactNode;
  label?: string;
  triggerClassName: string;
  /** A line above the entries that is not an entry (e.g. the signed-in user's email). */
  heading?: ReactNode;
  entries: readonly MenuEntry[];
  align: "start" | "end";
  sideOffset: number;
  contentClassName: string;
  itemClassName: string;
}

const loadDropdown = () => import("./menu-dropdown");
const MenuDropdown = lazy(loadDropdown);

/**
 * A dropdown menu whose machinery (Radix, with its positioning and focus handling) loads when the
 * visitor first reaches for it: pointing at or focusing the button starts the download, a click or
 * Enter opens it. Pages carry a plain button until then, so the menus of the header add nothing to
 * any page's first-load JavaScript.
 */
export function Menu(props: MenuProps) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadDropdown();
  const open = () => setWanted(true);
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={props.label}
      className={props.triggerClassName}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") {
          event.preventDefault();
          open();
        }
      }}
    >
      {props.trigger}
    </button>
  );
  if (!wanted) return button;
  // Opened at once: Radix moves the focus into the menu, and back to its own button when it closes.
  return (
    <Suspense fallback={button}>
      <MenuDropdown {...props} />
    </Suspense>
  );
}

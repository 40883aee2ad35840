import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";

// The panel (and its dialog code) loads on the first tap of the menu button.
const SideMenuPanel = lazy(() => import("./side-menu-panel"));

/** The menu below 1186 px: a button that opens the side menu panel (§2). */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="rounded-md p-2 text-white hover:bg-white/10 nav:hidden"
      >
        <Menu aria-hidden size={24} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SideMenuPanel open={open} setOpen={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

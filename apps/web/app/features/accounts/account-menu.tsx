import { SERVER_ERROR, userMenuItems } from "@aea/domain";
import { ChevronDown, LogIn, UserRound } from "lucide-react";
import { lazy, type MouseEvent, Suspense, useState } from "react";
import { Link, useLocation, useSubmit } from "react-router";
import { Menu } from "../../components/ui/menu";
import { analysisPath } from "../../lib/analysis-path";
import { useSite } from "../../lib/site";
import { useLoginDialog } from "./login-dialog";
import { loginHref } from "./safe-redirect";

// The dialogs behind the menu load when one opens, not with every page.
const ChangePasswordDialog = lazy(() =>
  import("./change-password-dialog").then((m) => ({ default: m.ChangePasswordDialog })),
);
const MessageDialog = lazy(() =>
  import("../../components/ui/dialog").then((m) => ({ default: m.MessageDialog })),
);

const itemClass =
  "block w-full rounded-md px-3 py-2 text-left text-navy-800 text-sm outline-none data-[highlighted]:bg-navy-50 data-[highlighted]:text-navy-900";

type MenuAction = "update-password" | "download-deals";

/**
 * The header's Login button, or the signed-in user's name with their menu (spec §2, §6). Login is a
 * link to /login (works without JavaScript); with it, a click opens the login modal on the page instead.
 * Update Password opens the change-password dialog; Download Deals saves Deals.txt.
 */
export function AccountMenu({ onAction }: { onAction?: (action: MenuAction) => void }) {
  const { user, supportEmail, environmentBadge } = useSite();
  const location = useLocation();
  const submit = useSubmit();
  const loginDialog = useLoginDialog();
  const [changingPassword, setChangingPassword] = useState(false);
  // Mounted from the first opening on: after closing itself it still shows the outcome dialogs.
  const [passwordDialogLoaded, setPasswordDialogLoaded] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);

  if (!user) {
    const openModal = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!loginDialog || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      loginDialog.open();
    };
    return (
      <Link
        to={loginHref(location.pathname + location.search)}
        onClick={openModal}
        aria-haspopup={loginDialog ? "dialog" : undefined}
        className="inline-flex items-center gap-1.5 rounded-md bg-amber-500 px-3.5 py-2 font-semibold text-navy-950 text-sm hover:bg-amber-600"
      >
        <LogIn aria-hidden size={16} />
        Login
      </Link>
    );
  }

  const act = (action: MenuAction) => {
    onAction?.(action);
    if (action === "update-password") {
      setPasswordDialogLoaded(true);
      setChangingPassword(true);
    } else {
      // Deals.txt's code loads when it is asked for.
      import("./download-deals")
        .then(({ downloadDeals }) => downloadDeals())
        .catch((error: unknown) => {
          console.error("Download Deals failed", error);
          setDownloadFailed(true);
        });
    }
  };

  return (
    <>
      <Menu
        trigger={
          <>
            <UserRound aria-hidden size={16} className="shrink-0" />
            {/* Between the desktop menu's breakpoint and 1340 px the menu needs the room: the name is
                still the button's accessible name, shown in full in the menu's heading. */}
            <span className="truncate nav:max-[1339px]:sr-only">{user.name}</span>
            <ChevronDown aria-hidden size={14} className="shrink-0" />
          </>
        }
        triggerClassName="inline-flex max-w-[8.5rem] items-center xs:max-w-[14rem] gap-1.5 rounded-md border border-white/25 px-3 py-2 font-semibold text-sm text-white hover:bg-white/10 data-[state=open]:bg-white/10"
        heading={
          <>
            <span className="wrap-anywhere">{user.email}</span>
            {environmentBadge ? (
              <span className="mt-1 block">
                <span className="rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-navy-950 uppercase tracking-wide">
                  Environment: {environmentBadge}
                </span>
              </span>
            ) : null}
          </>
        }
        entries={userMenuItems(user, analysisPath).map((item) => {
          // The menu closes (and unmounts its content) on select, so logout is submitted from here
          // rather than by a form inside the menu.
          if (item.to === "/logout")
            return {
              label: item.label,
              onSelect: () => void submit(null, { method: "post", action: "/logout" }),
            };
          if (item.to.startsWith("#"))
            return { label: item.label, onSelect: () => act(item.to.slice(1) as MenuAction) };
          return item;
        })}
        align="end"
        sideOffset={8}
        contentClassName="z-50 min-w-56 animate-fade-in rounded-card border border-navy-100 bg-white p-1.5 shadow-raised"
        itemClassName={itemClass}
      />
      <Suspense fallback={null}>
        {passwordDialogLoaded ? (
          <ChangePasswordDialog
            open={changingPassword}
            onOpenChange={setChangingPassword}
            supportEmail={supportEmail}
          />
        ) : null}
        {downloadFailed ? (
          <MessageDialog
            open
            onOpenChange={setDownloadFailed}
            title="Download Deals"
            message={SERVER_ERROR}
          />
        ) : null}
      </Suspense>
    </>
  );
}

import { OLD_BROWSER } from "@aea/domain";
import { useLocation } from "react-router";

/**
 * Shown to Internet Explorer (detected on the server) until closed. Close is a plain link: the server
 * remembers it for the rest of the visit (routes/old-browser-banner.close.tsx) and comes back to this
 * page, since Internet Explorer cannot run the app's modules.
 */
export function OldBrowserBanner() {
  const { pathname, search } = useLocation();
  const close = `/old-browser-banner/close?back=${encodeURIComponent(pathname + search)}`;
  return (
    <div id="old-browser-banner" role="alert" className="no-print bg-amber-100 text-navy-950">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2 text-sm">
        <p>{OLD_BROWSER}</p>
        <a href={close} className="shrink-0 rounded px-2 py-1 font-semibold underline">
          Close
        </a>
      </div>
    </div>
  );
}

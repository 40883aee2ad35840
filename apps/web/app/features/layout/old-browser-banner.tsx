import { OLD_BROWSER } from "@aea/domain";

/**
 * Shown to Internet Explorer (detected on the server). Closing is a plain link to the banner's own
 * anchor, hidden by the `:target` rule in app.css: Internet Explorer cannot run the app's modules.
 */
export function OldBrowserBanner() {
  return (
    <div id="old-browser-banner" role="alert" className="no-print bg-amber-100 text-navy-950">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2 text-sm">
        <p>{OLD_BROWSER}</p>
        <a href="#old-browser-banner" className="shrink-0 rounded px-2 py-1 font-semibold underline">
          Close
        </a>
      </div>
    </div>
  );
}

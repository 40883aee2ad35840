import { createContext, useContext } from "react";
import stylesheetUrl from "../styles/app.css?url";

/**
 * The site's stylesheet text when this document is to carry it inline; entry.server provides it for
 * anonymous visitors only. The browser never needs it (see SiteStylesheet).
 */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

const ELEMENT_ID = "site-stylesheet";

/** In the browser: whether the server wrote this document's stylesheet inline. It never changes after. */
const servedInline =
  typeof document !== "undefined" && document.getElementById(ELEMENT_ID)?.tagName === "STYLE";

/**
 * The site's stylesheet (Tailwind, ~11 KB compressed), inline or linked.
 *
 * Inline for anonymous visitors: a phone on a slow network paints a first visit from the HTML alone,
 * instead of waiting a round trip for the stylesheet while the scripts compete for the same bandwidth.
 * Linked, fingerprinted and cached for a year, for signed-in visitors: they are returning, their pages
 * are rendered for each request, and carrying the 75 KB of text held the load bench at 69 signed-in
 * pages a second, against 107 with the link (docs/decisions/022).
 *
 * Navigations after the first load fetch data, not HTML, so either form serves the whole visit: in the
 * browser the element stays what the server wrote. An inline one keeps the server's text (React does not
 * rewrite inner HTML when hydrating, and the empty text it is given here never differs from render to
 * render), so signing in or out on the page changes nothing here.
 */
export function SiteStylesheet({ nonce }: { nonce?: string }) {
  const css = useContext(InlineStylesheetContext);
  const inline = typeof document === "undefined" ? css !== undefined : servedInline;
  if (!inline) return <link id={ELEMENT_ID} rel="stylesheet" href={stylesheetUrl} />;
  return (
    <style
      id={ELEMENT_ID}
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is our own build's stylesheet, never user content.
      dangerouslySetInnerHTML={{ __html: css ?? "" }}
    />
  );
}

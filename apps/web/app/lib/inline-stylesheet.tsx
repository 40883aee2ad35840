import { createContext, useContext } from "react";

/** The site's stylesheet text; entry.server provides it, the browser never needs it (see below). */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

/**
 * The site's whole stylesheet (Tailwind, ~11 KB compressed) written into each server-rendered page.
 * A phone on a slow network then paints the page from the HTML alone, instead of waiting a round trip
 * for the stylesheet while the scripts compete for the same bandwidth. Navigations after the first
 * load fetch data, not HTML, so the text travels once per visit. In the browser the context is empty:
 * hydration keeps the server's text (React does not rewrite inner HTML when hydrating) and nothing
 * re-renders it later.
 */
export function InlineStylesheet({ nonce }: { nonce?: string }) {
  const css = useContext(InlineStylesheetContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is our own build's stylesheet, never user content.
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? "" }} />;
}

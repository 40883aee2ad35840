/**
 * Where a web address found in plain text (a mail in the outbox) may link to, or null to show it as
 * text. Only http(s) addresses are links. One on this site becomes its path, so it opens here whatever
 * address the mail was written with, but only when that path cannot leave the site: a path starting
 * with `//` or `/\` is protocol-relative to a browser (`http://site//evil.test` would go to evil.test),
 * so such an address keeps its full, absolute form.
 */
export function linkTarget(address: string, siteOrigin?: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const leavesSite = path.startsWith("//") || path.startsWith("/\\");
  return url.origin === siteOrigin && !leavesSite ? path : url.href;
}

/**
 * The old-browser banner (spec §2, §4, §8): shown to Internet Explorer until the visitor closes it,
 * and then not again for the rest of the visit. Closing sets a cookie for the browser session (no
 * script needed, Internet Explorer cannot run the app's modules); the page and the server's page
 * cache both read it through this one rule.
 */
export const OLD_BROWSER_BANNER_CLOSED_COOKIE = "oldBrowserBannerClosed";

export function isOldBrowser(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

export function showsOldBrowserBanner(userAgent: string, cookieHeader: string): boolean {
  if (!isOldBrowser(userAgent)) return false;
  return !new RegExp(`(^|;\\s*)${OLD_BROWSER_BANNER_CLOSED_COOKIE}=1(;|$)`).test(cookieHeader);
}

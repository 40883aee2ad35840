/**
 * The browser vendors' push services (Chrome and Edge via Google's FCM, Firefox's autopush, Windows'
 * WNS, Safari's Apple Push). A subscription names the URL our server will later POST to, and anyone may
 * subscribe: accepting any https URL would let a visitor point those requests at hosts inside our
 * network. PUSH_SERVICE_HOSTS replaces this list (tests name their local stand-in there).
 */
export const KNOWN_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
] as const;

/** Whether the endpoint's host is one of `hosts` or a subdomain of one (e.g. wns2-par02p.notify.windows.com). */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

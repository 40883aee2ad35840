import { ADMIN_LOGIN_MESSAGE } from "@aea/domain";

/** A stand-in origin to resolve a path against: only paths that stay on it are kept. */
const THIS_SITE = "http://this.site";

/**
 * Where a login may send the visitor afterwards: only a path on this site, percent-encoded as a URL
 * serializes it. Anything else (another host, `//host`, `/\host`, a scheme) falls back, so a crafted
 * link cannot bounce people elsewhere; and a path with characters a header cannot carry (U+3000, any
 * beyond Latin-1) goes out encoded, so the redirect after a login can always be sent.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return fallback;
  // Browsers read a backslash as a slash (`/\\host`), and control characters could hide either.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is matched here.
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  const url = new URL(value, THIS_SITE);
  if (url.origin !== THIS_SITE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login modal's message for a redirect target (spec §2: user administration asks explicitly). */
export function loginMessageFor(redirectTo: string | null | undefined): string | undefined {
  return redirectTo?.includes("admin/user") ? ADMIN_LOGIN_MESSAGE : undefined;
}

/**
 * The listing whose data room a redirect target leads into (the data room, its agreement, or the deal
 * page with its access-code dialog), or undefined.
 */
export function dataRoomListingId(redirectTo: string): number | undefined {
  const url = new URL(redirectTo, THIS_SITE);
  const deal = /^\/deals\/(\d{1,9})(\/data-room(\/.*)?)?$/.exec(url.pathname);
  if (!deal) return undefined;
  if (!deal[2] && !url.searchParams.has("dataRoom")) return undefined;
  return Number(deal[1]);
}

/** The /login address that comes back to a path afterwards. */
export function loginHref(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}

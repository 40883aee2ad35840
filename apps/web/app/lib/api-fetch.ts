/** The error code on which a client logs the user out (spec §8; the API's `LOGIN_REQUIRED`). */
const SESSION_ENDED = "1001";

/**
 * `fetch` for the site's own API calls made on a signed-in page. Spec §8: a call answered with code
 * 1001 (the session has ended; 401 here, 500 in the older API, decision 031) logs the user out and
 * goes home, rather than leaving a page that acts for someone no longer signed in. The caller still
 * gets the response (and shows 'There was a server error' where it shows failures).
 */
export async function apiFetch(input: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status === 401 || response.status === 500) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown } | null;
    if (body?.code === SESSION_ENDED) void logOutAndGoHome();
  }
  return response;
}

/** As the user menu's Log out does (both cookies cleared), then home with the reason. */
async function logOutAndGoHome(): Promise<void> {
  await fetch("/logout", { method: "POST" }).catch(() => undefined);
  window.location.assign("/home?notice=session-ended");
}

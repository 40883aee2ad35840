// The site's service worker: it only shows push notifications about new deals and opens the deal on a
// click. It caches nothing and handles no fetches, so pages load exactly as without it.
// The payload is { title, body, url, icon } (packages/domain/src/push/new-deal.ts).

self.addEventListener("install", () => {
  // A new version takes over at once: there is no cached state for old pages to depend on.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // Not JSON: show the generic notification below rather than nothing.
  }
  const title = typeof message.title === "string" && message.title ? message.title : "New deal";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      icon: typeof message.icon === "string" ? message.icon : "/notification-icon.png",
      data: { url: sameSiteUrl(message.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSiteUrl(event.notification.data?.url);
  event.waitUntil(openOrFocus(url));
});

/** Only pages of this site are opened from a notification. */
function sameSiteUrl(value) {
  try {
    const url = new URL(typeof value === "string" ? value : "/deals/public", self.location.origin);
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/deals/public`;
  } catch {
    return `${self.location.origin}/deals/public`;
  }
}

/** Focuses a tab already showing the page, else takes a tab of the site there, else opens a new one. */
async function openOrFocus(url) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = tabs.find((tab) => tab.url === url);
  if (same) return same.focus();
  const siteTab = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
  if (siteTab) {
    try {
      // navigate() works only in tabs this worker controls; otherwise open a new one below.
      const moved = await siteTab.navigate(url);
      if (moved) return moved.focus();
    } catch {
      // Fall through.
    }
  }
  return self.clients.openWindow(url);
}

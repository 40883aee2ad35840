/**
 * The browser's side of subscribing: ask permission, register the service worker, subscribe with
 * the site's VAPID key at the browser vendor's push service, and record the subscription with us.
 */

export type SubscribeOutcome = "subscribed" | "blocked" | "undecided" | "failed";

export async function subscribeToNewDeals(vapidPublicKey: string): Promise<SubscribeOutcome> {
  // Asked first, while the click that asked for it still counts as the visitor's own gesture.
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "undecided";
  let subscription: PushSubscription | undefined;
  try {
    await navigator.serviceWorker.register("/sw.js");
    const registration = await navigator.serviceWorker.ready;
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(vapidPublicKey),
    });
    const response = await fetch("/api/Push/Subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(subscription),
    });
    if (!response.ok) throw new Error(`Subscribe answered ${response.status}`);
    return "subscribed";
  } catch {
    // A subscription we could not record would never get a message: drop it.
    await subscription?.unsubscribe().catch(() => undefined);
    return "failed";
  }
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

import { lazy, Suspense, useEffect, useState } from "react";
import { currentCircumstances, shouldOfferPush } from "./offer-eligibility";

// The card and the subscribing code load only for a visitor who will see the offer.
const PushOffer = lazy(() => import("./push-offer"));

/**
 * The push-notification offer (spec §4: production only, after three page loads). Root renders this
 * only when the server says push is on; everything here runs after hydration, never on the server.
 */
export function LazyPushOffer({ publicKey }: { publicKey: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // After the page has settled, so the card never competes with the page's own first paint.
    const decide = () => setShown(shouldOfferPush(currentCircumstances()));
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(decide, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(decide, 1000);
    return () => clearTimeout(id);
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PushOffer publicKey={publicKey} onClose={() => setShown(false)} />
    </Suspense>
  );
}

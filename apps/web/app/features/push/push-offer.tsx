import {
  PUSH_BLOCKED,
  PUSH_FAILED,
  PUSH_OFFER_ACCEPT,
  PUSH_OFFER_DISMISS,
  PUSH_OFFER_HEADING,
  PUSH_OFFER_TEXT,
  PUSH_SUBSCRIBED,
} from "@aea/domain";
import { BellRing, CircleCheck, CircleExclamationPoint, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonStyles } from "../../components/ui/button-styles";
import { rememberOfferDismissed } from "./offer-eligibility";
import { type SubscribeOutcome, subscribeToNewDeals } from "./subscribe-to-push";

type State = "offer" | "working" | Exclude<SubscribeOutcome, "undecided">;

const results: Partial<Record<State, { text: string; ok: boolean }>> = {
  subscribed: { text: PUSH_SUBSCRIBED, ok: true },
  blocked: { text: PUSH_BLOCKED, ok: false },
  failed: { text: PUSH_FAILED, ok: false },
};

/**
 * A small card, bottom left (above the chat button on phones), offering notifications about new
 * deals. Polite: it never takes focus or blocks the page, and "Not now" puts it away for good.
 */
export default function PushOffer({ publicKey, onClose }: { publicKey: string; onClose(): void }) {
  const [state, setState] = useState<State>("offer");
  const closeButton = useRef<HTMLButtonElement>(null);
  const result = results[state];

  // The button the visitor pressed is gone once there is an answer: keep their place in the card.
  useEffect(() => {
    if (result) closeButton.current?.focus();
  }, [result]);

  const accept = async () => {
    setState("working");
    const outcome = await subscribeToNewDeals(publicKey);
    setState(outcome === "undecided" ? "offer" : outcome);
  };
  const dismiss = () => {
    rememberOfferDismissed();
    onClose();
  };

  return (
    <section
      aria-labelledby="push-offer-heading"
      className="no-print fixed inset-x-4 bottom-22 z-40 animate-fade-in rounded-card border border-navy-100 bg-white p-4 text-navy-900 shadow-raised sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-96"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <BellRing aria-hidden size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="push-offer-heading" className="font-semibold text-base">
            {PUSH_OFFER_HEADING}
          </h2>
          {result ? (
            <p
              role="status"
              className={`mt-1 flex items-start gap-1.5 text-sm ${result.ok ? "text-positive" : "text-negative"}`}
            >
              {result.ok ? (
                <CircleCheck aria-hidden size={16} className="mt-0.5 shrink-0" />
              ) : (
                <CircleExclamationPoint aria-hidden size={16} className="mt-0.5 shrink-0" />
              )}
              {result.text}
            </p>
          ) : (
            <p className="mt-1 text-slate-650 text-sm">{PUSH_OFFER_TEXT}</p>
          )}
        </div>
        {result ? (
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label="Close the notifications message"
            className="-mt-1 -mr-1 rounded p-1 text-slate-650 hover:bg-navy-50 hover:text-navy-900"
          >
            <X aria-hidden size={18} />
          </button>
        ) : null}
      </div>
      {result ? null : (
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" onClick={dismiss} className={`${buttonStyles.secondary} py-1.5 text-sm`}>
            {PUSH_OFFER_DISMISS}
          </button>
          <button
            type="button"
            onClick={() => void accept()}
            disabled={state === "working"}
            aria-busy={state === "working"}
            className={`${buttonStyles.primary} py-1.5 text-sm`}
          >
            {PUSH_OFFER_ACCEPT}
          </button>
        </div>
      )}
    </section>
  );
}

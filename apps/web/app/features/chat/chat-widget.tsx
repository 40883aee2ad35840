import { CHAT_BUTTON_LABEL, CHAT_WELCOME, CHAT_WELCOME_SHORT } from "@aea/domain";
import { MessageCircle, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { countPageLoad } from "../../lib/page-load-counter";
import { useHydrated } from "../../lib/use-hydrated";

// The panel (form, validation, sending) loads on first use, so pages pay only for the button.
const loadPanel = () => import("./chat-panel");
const ChatPanel = lazy(loadPanel);

const WELCOME_CLOSED_KEY = "aea.chatWelcomeClosed";

/** The widget shows on the home page (with a welcome message) and on every deal page (spec §2). */
export function chatShownOn(pathname: string): { shown: boolean; welcome: boolean } {
  const home = pathname === "/home";
  return { shown: home || pathname === "/deals" || pathname.startsWith("/deals/"), welcome: home };
}

/** After the page has settled, so the bubble never competes with the page's own first paint. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(done, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(done, 1500);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/**
 * On a phone the bubble covers a strip of the page above the button. Once the visitor scrolls, they
 * have seen it and are reading: it steps aside for this page view (the button stays).
 */
function useScrolledOnPhone(watching: boolean): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (!watching || scrolled || !window.matchMedia("(max-width: 639.98px)").matches) return;
    const start = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - start) > 48) setScrolled(true);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [watching, scrolled]);
  return scrolled;
}

function welcomeClosed(): boolean {
  try {
    return sessionStorage.getItem(WELCOME_CLOSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The floating chat button (bottom right), our own lightweight widget: a visitor leaves a name, email
 * and message, which reach staff by mail. Before JavaScript it is a plain link to the contact page.
 * Mounted on every page so it also counts page loads; it renders only where the spec shows it and
 * only when the chat flag (showDrift) is on.
 */
export function ChatWidget({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const idle = useIdle();
  const [open, setOpen] = useState(false);
  const [bubbleClosed, setBubbleClosed] = useState(true);
  const launcher = useRef<HTMLButtonElement>(null);
  const { shown, welcome } = chatShownOn(pathname);
  const bubbleWanted = enabled && shown && welcome && idle && !open && !bubbleClosed;
  const scrolledAway = useScrolledOnPhone(bubbleWanted);

  useEffect(() => {
    countPageLoad();
    setBubbleClosed(welcomeClosed());
  }, []);
  useEffect(() => {
    if (!shown) setOpen(false);
  }, [shown]);

  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);
  const dismissWelcome = () => {
    setBubbleClosed(true);
    try {
      sessionStorage.setItem(WELCOME_CLOSED_KEY, "1");
    } catch {
      // Without storage the bubble may come back on the next page load; nothing more.
    }
  };

  if (!enabled || !shown) return null;
  const buttonClass =
    "flex size-14 items-center justify-center rounded-full bg-amber-500 text-navy-950 shadow-raised transition-transform hover:scale-105 hover:bg-amber-600 focus-visible:outline-offset-4";

  return (
    // The box is the button's size whatever opens: the panel and bubble hang off it (absolute), so
    // nothing on the page, this box included, moves when they appear (no layout shift).
    <div className="no-print fixed right-4 bottom-4 z-40 size-14 sm:right-6 sm:bottom-6">
      {open ? (
        <Suspense fallback={null}>
          <div className="absolute right-0 bottom-full mb-3">
            <ChatPanel id="chat-panel" onClose={close} />
          </div>
        </Suspense>
      ) : null}
      {/* On phones the bubble sits beside the button in one short line; wider, above it in full. */}
      {bubbleWanted && !scrolledAway ? (
        <div
          role="status"
          className="absolute top-1/2 right-full mr-3 w-max max-w-[calc(100vw-6.5rem)] -translate-y-1/2 animate-fade-in rounded-card border border-navy-100 bg-white py-2.5 pr-9 pl-3.5 text-navy-900 text-sm shadow-raised sm:top-auto sm:right-0 sm:bottom-full sm:mr-0 sm:mb-3 sm:w-72 sm:translate-y-0 sm:p-4 sm:pr-9"
        >
          <p>
            <button type="button" onClick={() => setOpen(true)} className="text-left hover:underline">
              <span className="sm:hidden">{CHAT_WELCOME_SHORT}</span>
              <span className="hidden sm:inline">{CHAT_WELCOME}</span>
            </button>
          </p>
          <button
            type="button"
            onClick={dismissWelcome}
            aria-label="Dismiss the chat welcome message"
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-650 hover:bg-navy-50 hover:text-navy-900 sm:top-2 sm:translate-y-0"
          >
            <X aria-hidden size={16} />
          </button>
        </div>
      ) : null}
      {hydrated ? (
        <button
          ref={launcher}
          type="button"
          aria-label={open ? "Close chat" : CHAT_BUTTON_LABEL}
          aria-expanded={open}
          aria-controls={open ? "chat-panel" : undefined}
          onClick={() => (open ? close() : setOpen(true))}
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          className={buttonClass}
        >
          {open ? <X aria-hidden size={24} /> : <MessageCircle aria-hidden size={26} />}
        </button>
      ) : (
        <a href="/contact-us" aria-label={CHAT_BUTTON_LABEL} className={buttonClass}>
          <MessageCircle aria-hidden size={26} />
        </a>
      )}
    </div>
  );
}

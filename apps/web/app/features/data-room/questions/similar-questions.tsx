import { isWorthComparing, QA_TEXTS, SIMILAR_LOOKUP_DELAY_MS, similarQuestionsPath } from "@aea/domain";
import { useEffect, useRef, useState } from "react";
import type { FaqEntry, QuestionsAction } from "./questions-data";

interface Found {
  /** The draft the list was found for, trimmed; null: as the page came (nothing typed since). */
  text: string | null;
  similar: FaqEntry[];
}

/**
 * The published questions like the buyer's draft: looked up while they type, once the page is
 * interactive (a pause of SIMILAR_LOOKUP_DELAY_MS, a draft worth comparing), and those the first Send
 * answered with (the only way before hydration). `checked` says the buyer has seen the list for the
 * draft as it stands, so Send sends it without asking again.
 */
export function useSimilarQuestions(dealId: number, action: QuestionsAction | undefined) {
  const [draft, setDraft] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(() =>
    action?.similar ? { text: null, similar: action.similar } : null,
  );
  const text = draft === null ? null : draft.trim();
  // The draft when an action lands, without making each keystroke rerun that effect.
  const current = useRef(text);
  current.current = text;

  useEffect(() => {
    if (text === null) return;
    if (!isWorthComparing(text)) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const lookUp = async () => {
      const response = await fetch(similarQuestionsPath(dealId, text), {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      // A failed look-up shows nothing new: Send still checks on the server.
      if (response.ok) setFound({ text, similar: ((await response.json()) as Found).similar });
    };
    const timer = setTimeout(() => lookUp().catch(() => undefined), SIMILAR_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [dealId, text]);

  // What Send answered is the newest word on the draft; a question sent empties the form.
  useEffect(() => {
    if (action?.similar) setFound({ text: current.current, similar: action.similar });
    if (action?.notice) {
      setDraft(null);
      setFound(null);
    }
  }, [action]);

  // The last list stays while the buyer types on: no flicker, no announcement at every pause.
  const similar = found?.similar ?? [];
  return {
    similar,
    /** Nothing published looks like the draft. */
    none: found !== null && similar.length === 0,
    checked: found !== null && found.text === text && similar.length > 0,
    onDraft: setDraft,
  };
}

/** The list, announced politely as it changes (never taking the focus from the question). */
export function SimilarQuestions({ similar, none }: { similar: FaqEntry[]; none: boolean }) {
  return (
    <div aria-live="polite">
      {similar.length > 0 ? (
        <section
          aria-labelledby="similar-title"
          className="rounded-md border border-amber-300 bg-amber-50 p-4"
        >
          <h3 id="similar-title" className="font-semibold text-navy-900">
            {QA_TEXTS.similarTitle}
          </h3>
          <ul className="mt-2 space-y-3 text-sm">
            {similar.map((q) => (
              <li key={q.id}>
                <p className="font-medium text-navy-900 [overflow-wrap:anywhere]">{q.text}</p>
                <p className="mt-0.5 whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">
                  {q.answer}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-slate-700 text-sm">{QA_TEXTS.similarFooter}</p>
        </section>
      ) : none ? (
        <p className="text-slate-650 text-sm">{QA_TEXTS.similarNone}</p>
      ) : null}
    </div>
  );
}

import { I_AGREE, I_DISAGREE } from "@aea/domain";
import { useEffect, useId, useRef } from "react";

interface TermsOfUseDialogProps {
  firmName: string;
  onAgree(): void;
  onDisagree(): void;
}

/**
 * The sophisticated-investor statement with I Agree / I Disagree (spec §2); see TermsDialog.
 *
 * A native modal `<dialog>`, not Radix's: it opens on a first visit in the middle of hydration, and the
 * browser's top layer makes the page inert and moves focus without script walking the document, adding
 * a stylesheet to lock scrolling or forcing a style pass (decision 048). Escape does not dismiss it: the
 * visitor answers.
 */
export default function TermsOfUseDialog({ firmName, onAgree, onDisagree }: TermsOfUseDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const statementId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={statementId}
      onCancel={(event) => event.preventDefault()}
      className="m-auto max-h-[90vh] w-[calc(100vw-2rem)] max-w-xl animate-fade-in overflow-y-auto overscroll-contain rounded-card bg-white p-6 shadow-raised backdrop:bg-navy-950/70 sm:p-8"
    >
      <h2 id={titleId} className="font-bold text-navy-900 text-xl">
        Terms of Use
      </h2>
      <div id={statementId} className="mt-4 space-y-3 text-slate-650 text-sm leading-relaxed">
        <p>
          Oil and gas investments are speculative and carry a high degree of risk, including the loss of the
          entire investment. The properties on this site are offered by {firmName} on behalf of sellers, and
          their descriptions have not been independently verified.
        </p>
        <p className="font-semibold text-navy-900">
          By continuing, I state that I am a sophisticated investor in oil and gas, able to evaluate the
          merits and risks of these investments and to bear their loss, and that I will rely on my own
          independent review.
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onDisagree}
          className="rounded-md border border-navy-100 px-5 py-2 font-semibold text-navy-800 hover:bg-navy-50"
        >
          {I_DISAGREE}
        </button>
        <button
          type="button"
          onClick={onAgree}
          className="rounded-md bg-amber-500 px-5 py-2 font-semibold text-navy-950 hover:bg-amber-600"
        >
          {I_AGREE}
        </button>
      </div>
    </dialog>
  );
}

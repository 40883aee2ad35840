import { AGREEMENT_TEXTS } from "@aea/domain";
import { Eraser } from "lucide-react";
import { useEffect, useRef } from "react";
import type SignaturePadType from "signature_pad";
import { buttonStyles } from "../../components/ui/button-styles";
import { useHydrated } from "../../lib/use-hydrated";

/**
 * An optional drawn signature: a canvas (signature_pad, loaded only on this page and only once the
 * page is interactive) that writes a PNG data URL into the form's hidden `signature` field. Without
 * JavaScript, or for a keyboard user who skips it, the typed name is the signature.
 */
export function SignaturePad({ name }: { name: string }) {
  const hydrated = useHydrated();
  const canvas = useRef<HTMLCanvasElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const pad = useRef<SignaturePadType | null>(null);

  useEffect(() => {
    if (!hydrated || !canvas.current) return;
    const element = canvas.current;
    let cancelled = false;
    void import("signature_pad").then(({ default: SignaturePad }) => {
      if (cancelled) return;
      // Drawn at the screen's pixel density, so the PNG is sharp on a phone.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      const instance = new SignaturePad(element, { penColor: "#0b1b31", backgroundColor: "rgba(0,0,0,0)" });
      instance.addEventListener("endStroke", () => {
        if (field.current) field.current.value = instance.toDataURL("image/png");
      });
      pad.current = instance;
    });
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
    };
  }, [hydrated]);

  if (!hydrated) return null;
  const clear = () => {
    pad.current?.clear();
    if (field.current) field.current.value = "";
  };
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-navy-900 text-sm">{AGREEMENT_TEXTS.signaturePad}</legend>
      <p className="text-slate-650 text-xs">{AGREEMENT_TEXTS.signaturePadHint}</p>
      <canvas
        ref={canvas}
        // Pointer-only by nature: assistive technology skips it (the typed name is the signature).
        aria-hidden
        className="block h-36 w-full touch-none rounded-md border border-slate-300 border-dashed bg-navy-50/40"
      />
      {/* No defaultValue: on a hidden input it is the value itself, and React would reset the drawing on re-render. */}
      <input ref={field} type="hidden" name={name} />
      <button type="button" onClick={clear} className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}>
        <Eraser aria-hidden size={16} />
        {AGREEMENT_TEXTS.clearSignature}
      </button>
    </fieldset>
  );
}

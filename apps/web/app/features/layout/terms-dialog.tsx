import { COOKIE_MAX_AGE_SECONDS, I_AGREE, I_DISAGREE, TERMS_COOKIE_NAME } from "@aea/domain";
import { AlertDialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useSite } from "../../lib/site";

function hasAgreed(): boolean {
  return document.cookie.split("; ").some((c) => c.startsWith(`${TERMS_COOKIE_NAME}=`));
}

/**
 * The sophisticated-investor statement every visitor answers before using the site. Decided in the
 * browser (the cookie is not needed by the server), so server-rendered pages stay cacheable.
 */
export function TermsDialog() {
  const { firmName } = useSite();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(!hasAgreed()), []);

  const agree = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we support.
    document.cookie = `${TERMS_COOKIE_NAME}=true; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict`;
    setOpen(false);
  };
  const disagree = () => {
    setOpen(false);
    void navigate("/home");
  };

  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-navy-950/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-card bg-white p-6 shadow-raised sm:p-8">
          <AlertDialog.Title className="font-bold text-navy-900 text-xl">Terms of Use</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-4 space-y-3 text-slate-650 text-sm leading-relaxed">
              <p>
                Oil and gas investments are speculative and carry a high degree of risk, including the loss of
                the entire investment. The properties on this site are offered by {firmName} on behalf of
                sellers, and their descriptions have not been independently verified.
              </p>
              <p className="font-semibold text-navy-900">
                By continuing, I state that I am a sophisticated investor in oil and gas, able to evaluate the
                merits and risks of these investments and to bear their loss, and that I will rely on my own
                independent review.
              </p>
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              onClick={disagree}
              className="rounded-md border border-navy-100 px-5 py-2 font-semibold text-navy-800 hover:bg-navy-50"
            >
              {I_DISAGREE}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={agree}
              className="rounded-md bg-amber-500 px-5 py-2 font-semibold text-navy-950 hover:bg-amber-600"
            >
              {I_AGREE}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

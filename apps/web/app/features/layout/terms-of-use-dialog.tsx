import { I_AGREE, I_DISAGREE } from "@aea/domain";
import { AlertDialog } from "radix-ui";

interface TermsOfUseDialogProps {
  firmName: string;
  onAgree(): void;
  onDisagree(): void;
}

/** The sophisticated-investor statement with I Agree / I Disagree (spec §2); see TermsDialog. */
export default function TermsOfUseDialog({ firmName, onAgree, onDisagree }: TermsOfUseDialogProps) {
  return (
    <AlertDialog.Root open>
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
              onClick={onDisagree}
              className="rounded-md border border-navy-100 px-5 py-2 font-semibold text-navy-800 hover:bg-navy-50"
            >
              {I_DISAGREE}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={onAgree}
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

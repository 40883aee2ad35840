import { LoaderCircle } from "lucide-react";

/** A spinner with what is being waited for, announced politely to screen readers. */
export function LoadingIndicator({ message }: { message: string }) {
  return (
    <div role="status" className="flex items-center gap-3 text-navy-900">
      <LoaderCircle aria-hidden size={28} className="shrink-0 animate-spin text-amber-600" />
      <p>{message}</p>
    </div>
  );
}

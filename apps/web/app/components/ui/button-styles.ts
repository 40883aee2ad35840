/** Class names for the few button looks the site uses, so links and buttons match. */
export const buttonStyles = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-amber-500 px-4 py-2 font-semibold text-navy-950 transition-colors hover:bg-amber-600 disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-navy-100 bg-white px-4 py-2 font-semibold text-navy-800 transition-colors hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-50",
  onDark:
    "inline-flex items-center justify-center gap-2 rounded-md border border-white/25 px-3 py-1.5 font-medium text-white transition-colors hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40",
  /** A page's call to action (heroes, the closing band). */
  callToAction:
    "inline-flex items-center justify-center gap-2 rounded-md bg-amber-500 px-5 py-3 font-semibold text-navy-950 transition-colors hover:bg-amber-600",
  /** The second call to action beside it, on a dark band. */
  callToActionOnDark:
    "inline-flex items-center justify-center gap-2 rounded-md border border-white/30 px-5 py-3 font-semibold text-white transition-colors hover:bg-white/10",
} as const;

/** Class names shared by the form primitives, so every input on the site looks and focuses alike. */
export const fieldStyles = {
  label: "block font-medium text-navy-900 text-sm",
  input:
    "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-navy-900 shadow-[inset_0_1px_1px_rgb(7_17_31/0.04)] placeholder:text-slate-400 hover:border-slate-400 focus:border-navy-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600 aria-[invalid=true]:border-negative read-only:bg-navy-50 read-only:text-slate-650 disabled:cursor-not-allowed disabled:bg-slate-100",
  hint: "mt-1 text-slate-650 text-xs",
  error: "mt-1.5 flex items-start gap-1.5 font-medium text-negative text-sm",
} as const;

/** A select: the input's look without the read-only grey (a select always matches :read-only). */
export const selectStyles = fieldStyles.input.replace(/\s?read-only:\S+/g, "");

/** Space-separated ids for aria-describedby, leaving out the missing ones. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

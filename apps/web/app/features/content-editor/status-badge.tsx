import type { ContentStatus } from "@aea/domain";

const looks: Record<ContentStatus, { label: string; className: string }> = {
  published: { label: "Published", className: "border-positive/30 bg-positive/10 text-positive" },
  draft: { label: "Draft", className: "border-amber-600/50 bg-amber-100 text-navy-900" },
  archived: { label: "Archived", className: "border-slate-300 bg-slate-100 text-slate-650" },
};

/** An item's status as a small labelled pill (text, not colour alone, carries the meaning). */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const look = looks[status] ?? looks.draft;
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 font-semibold text-xs ${look.className}`}
    >
      {look.label}
    </span>
  );
}

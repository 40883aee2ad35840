import { type Brochure, brochureHref } from "@aea/domain";
import { Download, FileText } from "lucide-react";

/**
 * The seller page's four brochures as download links. `onDownload` is called on each click (the page
 * wires it to the analytics data layer, which records PDF downloads only).
 */
export function BrochureList({
  brochures,
  onDownload,
}: {
  brochures: readonly Brochure[];
  onDownload?(brochure: Brochure, url: string): void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {brochures.map((brochure) => {
        const href = brochureHref(brochure);
        return (
          <li key={brochure.slug}>
            <a
              href={href}
              download={`${brochure.slug}.pdf`}
              onClick={() => onDownload?.(brochure, href)}
              className="group flex h-full items-start gap-4 rounded-card border border-navy-100 bg-white p-4 shadow-card transition-colors hover:border-amber-500"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-navy-900 text-amber-500">
                <FileText aria-hidden size={22} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-navy-900 group-hover:underline">
                  {brochure.title}
                </span>
                <span className="mt-0.5 block text-slate-650 text-sm">{brochure.summary}</span>
                <span className="mt-2 inline-flex items-center gap-1.5 font-semibold text-amber-700 text-sm">
                  <Download aria-hidden size={15} /> Download PDF
                </span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

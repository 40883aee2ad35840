import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { formatContentDate, isoDay } from "./dates";

export interface PressRelease {
  id: string;
  title: string;
  /** "2026-10-06". */
  date: string;
  /** An http(s) link to the full release, or "". */
  link: string;
}

/** Press releases grouped by year, newest first; `body` renders a release's text. */
export function PressReleaseList({
  releases,
  body,
}: {
  releases: readonly PressRelease[];
  body(release: PressRelease): ReactNode;
}) {
  const years = new Map<string, PressRelease[]>();
  for (const release of releases) {
    const year = release.date.slice(0, 4) || "Undated";
    years.set(year, [...(years.get(year) ?? []), release]);
  }
  return (
    <div className="space-y-10">
      {[...years].map(([year, list]) => (
        <section key={year} aria-labelledby={`releases-${year}`}>
          <h2
            id={`releases-${year}`}
            className="border-navy-100 border-b pb-2 font-bold text-2xl text-navy-900 tabular"
          >
            {year}
          </h2>
          <ol className="mt-2 divide-y divide-navy-100">
            {list.map((release) => (
              <li key={release.id}>
                <article className="grid gap-2 py-6 md:grid-cols-[10rem_minmax(0,1fr)] md:gap-8">
                  <p className="font-semibold text-amber-700 text-sm">
                    <time dateTime={isoDay(release.date)}>{formatContentDate(release.date)}</time>
                  </p>
                  <div>
                    <h3 className="font-bold text-navy-900 text-xl leading-snug">{release.title}</h3>
                    <div className="mt-2 text-slate-650">{body(release)}</div>
                    {release.link ? (
                      <a
                        href={release.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-3 inline-flex items-center gap-1.5 font-semibold text-navy-700 text-sm hover:underline"
                      >
                        Read the full release
                        <ExternalLink aria-hidden size={14} />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

import type { PrivateDealDetails, TimelineEntry } from "@aea/domain";
import { CircleCheck, CircleDot, Globe, Mail, Phone } from "lucide-react";
import { formatListedDate } from "./deal-facts";

/**
 * What a private deal carries besides its listing (spec §3 private-deal extras), for the buyers it
 * was granted to and staff: the deal's folder and notes, its process dates as a timeline, and the
 * seller-side contact. The passcode never reaches the page.
 */
export function PrivateDealSection({
  details,
  timeline,
}: {
  details: PrivateDealDetails;
  timeline: TimelineEntry[];
}) {
  const contactName = [details.fname, details.lname].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="private-deal-title" className="space-y-5">
      <h2 id="private-deal-title" className="font-semibold text-navy-900 text-xl">
        Private deal
      </h2>
      {details.folder || details.comments ? (
        <dl className="divide-y divide-navy-100 rounded-card border border-navy-100 bg-white">
          {details.folder ? (
            <div className="grid gap-1 px-4 py-3 sm:grid-cols-[13rem_1fr] sm:gap-4">
              <dt className="font-medium text-slate-650 text-sm">Folder</dt>
              <dd className="text-navy-900">{details.folder}</dd>
            </div>
          ) : null}
          {details.comments ? (
            <div className="grid gap-1 px-4 py-3 sm:grid-cols-[13rem_1fr] sm:gap-4">
              <dt className="font-medium text-slate-650 text-sm">Comments</dt>
              <dd className="whitespace-pre-line text-navy-900">{details.comments}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {timeline.length > 0 ? (
        <div>
          <h3 id="timeline-title" className="font-semibold text-navy-900">
            Process timeline
          </h3>
          <ol aria-labelledby="timeline-title" className="mt-3 border-navy-100 border-l-2 pl-5">
            {timeline.map((entry) => (
              <li key={entry.label} className="relative pb-4 last:pb-0">
                <span
                  aria-hidden
                  className={`absolute top-0.5 -left-[1.72rem] rounded-full bg-white ${entry.past ? "text-slate-500" : "text-amber-700"}`}
                >
                  {entry.past ? <CircleCheck size={18} /> : <CircleDot size={18} />}
                </span>
                <p className={`font-medium ${entry.past ? "text-slate-650" : "text-navy-900"}`}>
                  {entry.label}
                  {entry.past ? <span className="ml-2 text-slate-650 text-xs">(past)</span> : null}
                </p>
                <time dateTime={entry.date} className="tabular text-slate-650 text-sm">
                  {formatListedDate(entry.date)}
                </time>
              </li>
            ))}
          </ol>
        </div>
      ) : null}

      {contactName || details.companyName ? (
        <div className="rounded-card border border-navy-100 bg-white p-4">
          <h3 className="font-semibold text-navy-900">Seller contact</h3>
          {contactName ? (
            <p className="mt-1 text-navy-900">
              {details.salutation} {contactName}
            </p>
          ) : null}
          {details.companyName ? <p className="text-slate-650 text-sm">{details.companyName}</p> : null}
          {details.address ? <p className="text-slate-650 text-sm">{details.address}</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {details.phone ? (
              <li>
                <a
                  href={`tel:${details.phone.replace(/[^\d+]/g, "")}`}
                  className="inline-flex items-center gap-2 text-navy-800 hover:underline"
                >
                  <Phone aria-hidden size={14} /> {details.phone}
                </a>
              </li>
            ) : null}
            {details.email ? (
              <li>
                <a
                  href={`mailto:${details.email}`}
                  className="inline-flex items-center gap-2 break-all text-navy-800 hover:underline"
                >
                  <Mail aria-hidden size={14} /> {details.email}
                </a>
              </li>
            ) : null}
            {details.website && /^https?:\/\//i.test(details.website) ? (
              <li>
                <a
                  href={details.website}
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-2 break-all text-navy-800 hover:underline"
                >
                  <Globe aria-hidden size={14} /> {details.website.replace(/^https?:\/\//, "")}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

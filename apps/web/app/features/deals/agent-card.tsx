import type { Listing } from "@aea/domain";
import { Mail, Phone } from "lucide-react";

/** The firm's agent on a deal, with every way to reach them. */
export function AgentCard({ listing }: { listing: Listing }) {
  if (!listing.agentName) return null;
  const phones = [
    { label: "Direct", number: listing.agentDirectPhone },
    { label: "Office", number: listing.agentPhone },
  ].filter((p): p is { label: string; number: string } => Boolean(p.number));
  return (
    <section
      aria-labelledby="agent-title"
      className="rounded-card border border-navy-100 bg-white p-5 shadow-card"
    >
      <h2 id="agent-title" className="font-semibold text-slate-650 text-xs uppercase tracking-wider">
        Your contact for this deal
      </h2>
      <p className="mt-2 font-semibold text-lg text-navy-900">{listing.agentName}</p>
      {listing.agentTitle ? <p className="text-slate-650 text-sm">{listing.agentTitle}</p> : null}
      {listing.agentCompanyName ? <p className="text-slate-650 text-sm">{listing.agentCompanyName}</p> : null}
      <ul className="mt-3 space-y-1.5 text-sm">
        {phones.map((phone) => (
          <li key={phone.label}>
            <a
              href={`tel:${phone.number.replace(/[^\d+]/g, "")}`}
              className="inline-flex items-center gap-2 text-navy-800 hover:underline"
            >
              <Phone aria-hidden size={14} /> {phone.label}: {phone.number}
            </a>
          </li>
        ))}
        {listing.agentEmail ? (
          <li>
            <a
              href={`mailto:${listing.agentEmail}`}
              className="inline-flex items-center gap-2 break-all text-navy-800 hover:underline"
            >
              <Mail aria-hidden size={14} /> {listing.agentEmail}
            </a>
          </li>
        ) : null}
      </ul>
      {listing.agentBlurb ? (
        <p className="mt-3 text-slate-650 text-sm leading-relaxed">{listing.agentBlurb}</p>
      ) : null}
    </section>
  );
}

import { CircleCheck, Mail, MapPin, Phone, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { IconTerm, type IconTermLook } from "../../components/ui/icon-term";

/** The page band of the contact and seller pages. */
export function InquiryHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden bg-navy-900 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgb(242_154_31/0.22),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-16">
        <p className="font-semibold text-amber-500 text-sm uppercase tracking-[0.16em]">{eyebrow}</p>
        <h1 className="mt-2 font-bold text-3xl sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-navy-100">{children}</div> : null}
      </div>
    </header>
  );
}

/** The contact page's sidebar: the firm's history and its services (contact_us_page content). */
export function ContactSidebar({ history, services }: { history: ReactNode; services: readonly string[] }) {
  return (
    <div className="space-y-8">
      {history ? (
        <section aria-labelledby="contact-history">
          <h2 id="contact-history" className="font-bold text-navy-900 text-xl">
            Our history
          </h2>
          <div className="mt-3 text-slate-650 leading-relaxed">{history}</div>
        </section>
      ) : null}
      {services.length > 0 ? (
        <section aria-labelledby="contact-services">
          <h2 id="contact-services" className="font-bold text-navy-900 text-xl">
            Our services
          </h2>
          <ul className="mt-3 space-y-2">
            {services.map((service) => (
              <li key={service} className="flex items-start gap-2.5 text-navy-900">
                <CircleCheck aria-hidden size={18} className="mt-0.5 shrink-0 text-amber-700" />
                <span>{service}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export interface Office {
  name: string;
  addressLines: string[];
  phone: string;
  fax: string;
}

const officeLook: IconTermLook = {
  className: "flex items-center gap-3",
  size: 18,
  iconClassName: "text-amber-700",
};
/** An address runs over several lines: its icon stands by the first. */
const addressLook: IconTermLook = {
  className: "flex items-start gap-3",
  size: 18,
  iconClassName: "mt-0.5 text-amber-700",
};

const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;

/** The corporate office: address, phone and fax. */
export function OfficeCard({ office, email }: { office: Office; email?: string }) {
  return (
    <section
      aria-labelledby="contact-office"
      className="rounded-card border border-navy-100 bg-navy-50 p-5 sm:p-6"
    >
      <h2 id="contact-office" className="font-bold text-navy-900 text-lg">
        {office.name || "Corporate Office"}
      </h2>
      <dl className="mt-4 space-y-3 text-navy-900">
        {office.addressLines.length > 0 ? (
          <IconTerm icon={MapPin} term="Address" look={addressLook}>
            <address className="not-italic">
              {office.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </IconTerm>
        ) : null}
        {office.phone ? (
          <IconTerm icon={Phone} term="Phone" look={officeLook}>
            <a href={telHref(office.phone)} className="tabular font-semibold hover:underline">
              {office.phone}
            </a>
          </IconTerm>
        ) : null}
        {office.fax ? (
          <IconTerm icon={Printer} term="Fax" look={{ ...officeLook, detailClassName: "tabular" }}>
            {office.fax} <span className="text-slate-650 text-sm">(fax)</span>
          </IconTerm>
        ) : null}
        {email ? (
          <IconTerm icon={Mail} term="Email" look={officeLook}>
            <a href={`mailto:${email}`} className="font-semibold break-all hover:underline">
              {email}
            </a>
          </IconTerm>
        ) : null}
      </dl>
    </section>
  );
}

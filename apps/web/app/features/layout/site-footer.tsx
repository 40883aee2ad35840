import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { aboutLinks, assignmentLinks, pitchbookLinks, resourceLinks } from "./site-navigation";

/** Footer with the firm's links and the long disclaimer every page carries. */
export function SiteFooter() {
  const { firmName } = useSite();
  const columns = [
    { title: "Assignments", links: assignmentLinks.slice(0, 6) },
    { title: "Firm", links: aboutLinks },
    { title: "Pitchbooks", links: pitchbookLinks },
    { title: "Resources", links: resourceLinks },
  ];
  return (
    <footer className="no-print render-when-near mt-16 bg-navy-950 text-navy-100 [--near-height:1480px] sm:[--near-height:880px] lg:[--near-height:640px]">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {columns.map((column) => (
          <nav key={column.title} aria-label={`${column.title} links`}>
            <h2 className="font-semibold text-sm text-white uppercase tracking-[0.12em]">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-amber-500 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-navy-800 border-t">
        <div className="mx-auto max-w-7xl space-y-3 px-6 py-8 text-[0.8rem] text-navy-100/90 leading-relaxed">
          <h2 className="font-semibold text-white">Disclaimer</h2>
          <p>
            The information on this website is provided by {firmName} for general information about oil and
            gas properties offered for sale or exchange and about the firm's services. It does not constitute
            an offer to sell or a solicitation of an offer to buy any security or interest in any property.
            Offers are made only through the confidentiality agreements, data rooms and definitive agreements
            of each transaction.
          </p>
          <p>
            Descriptions of properties, including production, cash flow, reserves, working and net revenue
            interests, acreage and prospects, are furnished by the sellers or derived from their records and
            have not been independently verified. Reserve and resource estimates are inherently uncertain, and
            future production, prices and costs may differ materially from any projection. Past results of any
            property are no guarantee of future results.
          </p>
          <p>
            Oil and gas investments are speculative and involve a high degree of risk, including the possible
            loss of the entire investment. They are suitable only for sophisticated investors who can evaluate
            the merits and risks, who have the financial ability to bear a total loss and who rely on their
            own independent geological, engineering, legal, tax and financial review. Nothing on this site is
            legal, tax or investment advice. Deals may be withdrawn, changed or sold at any time without
            notice.
          </p>
          <p>
            © {new Date().getFullYear()} {firmName}. All rights reserved. Listings are subject to prior sale.
          </p>
        </div>
      </div>
    </footer>
  );
}

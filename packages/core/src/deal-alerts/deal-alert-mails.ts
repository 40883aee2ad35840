import { type Listing, listingStatusName } from "@aea/domain";
import type { OutgoingMail } from "../mail/mail-transport.ts";
import { escapeHtml, type Firm } from "../mail/templates.ts";

interface Recipient {
  email: string;
  firstName: string;
}

const dealUrl = (firm: Firm, listing: Listing) => `${firm.publicUrl}/deals/${listing.ListingId}`;

function dealLines(listing: Listing): string[] {
  return [
    listing.Header,
    [listing.PLSCode, listing.location, listingStatusName(listing)].filter(Boolean).join(" · "),
    ...[
      listing.prod && `Production: ${listing.prod}`,
      listing.cashflow && `Cash flow: ${listing.cashflow}`,
    ].filter((line): line is string => Boolean(line)),
  ];
}

function dealHtml(firm: Firm, listing: Listing): string {
  const [header, ...rest] = dealLines(listing);
  return `<div style="border:1px solid #d6deea;border-radius:8px;padding:14px 16px;margin:0 0 12px">
<p style="margin:0 0 6px;font-weight:bold;font-size:16px"><a href="${escapeHtml(dealUrl(firm, listing))}" style="color:#0b2a4f">${escapeHtml(header ?? "")}</a></p>
${rest.map((line) => `<p style="margin:0;color:#3d4b5f;font-size:14px">${escapeHtml(line)}</p>`).join("\n")}
</div>`;
}

function alertMail(
  firm: Firm,
  to: Recipient,
  subject: string,
  intro: string,
  listings: readonly Listing[],
  unsubscribeUrl: string,
): OutgoingMail {
  const why =
    "You get this email because you asked for deal alerts on your Buyer Profile. To stop them, follow the unsubscribe link (no login needed).";
  const text = [
    `Hello ${to.firstName},`,
    intro,
    ...listings.map((l) => [...dealLines(l), `View the deal: ${dealUrl(firm, l)}`].join("\n")),
    why,
    `Unsubscribe: ${unsubscribeUrl}`,
    "",
    firm.firmName,
    firm.publicUrl,
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1b31;line-height:1.5">
<p>${escapeHtml(`Hello ${to.firstName},`)}</p>
<p>${escapeHtml(intro)}</p>
${listings.map((l) => dealHtml(firm, l)).join("\n")}
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from deal alerts</a></p>
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(firm.firmName)} · <a href="${escapeHtml(firm.publicUrl)}">${escapeHtml(firm.publicUrl)}</a></p>
</body></html>`;
  return { to: to.email, subject, text, html, headers: { "List-Unsubscribe": `<${unsubscribeUrl}>` } };
}

/** Why a deal mail goes out: its subject and first line, from the firm and the deals it carries. */
const OCCASIONS = {
  /** One new deal, mailed as soon as it is published. */
  newDeal: (firm: Firm, [listing]: readonly Listing[]) => ({
    subject: `New deal: ${listing?.Header}`,
    intro: `A new deal that matches your interests is on the market at ${firm.firmName}:`,
  }),
  /** The day's new deals in one mail. */
  digest: (firm: Firm, listings: readonly Listing[]) => {
    const count = listings.length === 1 ? "1 new deal" : `${listings.length} new deals`;
    return {
      subject: `${count} for you from ${firm.firmName}`,
      intro: `Since our last email, ${count} that match${listings.length === 1 ? "es" : ""} your interests came on the market:`,
    };
  },
  /** One deal staff chose for buyers an analysis found, under the deal alerts' unsubscribe link. */
  sentByStaff: (firm: Firm, [listing]: readonly Listing[]) => ({
    subject: `A deal for you: ${listing?.Header}`,
    intro: `${firm.firmName} thought this deal on the market would interest you:`,
  }),
};

export type DealMailOccasion = keyof typeof OCCASIONS;

export function dealMail(
  occasion: DealMailOccasion,
  firm: Firm,
  to: Recipient,
  listings: readonly Listing[],
  unsubscribeUrl: string,
): OutgoingMail {
  const { subject, intro } = OCCASIONS[occasion](firm, listings);
  return alertMail(firm, to, subject, intro, listings, unsubscribeUrl);
}

import { BID_TEXTS, bidAmountText, bidsPath, zonedTimeText } from "@aea/domain";
import type { OutgoingMail } from "../../mail/mail-transport.ts";
import { escapeHtml, type Firm } from "../../mail/templates.ts";
import type { Bid, BidRound } from "./bid.repository.ts";

export interface BidMailRecipient {
  email: string;
  firstName: string;
}

function mail(firm: Firm, to: BidMailRecipient, subject: string, lines: string[], url: string): OutgoingMail {
  const text = [
    `Hello ${to.firstName},`,
    ...lines,
    `See it on the site: ${url}`,
    "",
    firm.firmName,
    firm.publicUrl,
  ].join("\n\n");
  const paragraph = (words: string) => `<p>${escapeHtml(words).replaceAll("\n", "<br>")}</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1b31;line-height:1.5">
${paragraph(`Hello ${to.firstName},`)}
${lines.map(paragraph).join("\n")}
<p><a href="${escapeHtml(url)}" style="color:#0b2a4f">See it on the site</a></p>
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(firm.firmName)} · <a href="${escapeHtml(firm.publicUrl)}">${escapeHtml(firm.publicUrl)}</a></p>
</body></html>`;
  return { to: to.email, subject, text, html };
}

/** The buyer's receipt for one revision of their bid, with its SHA-256. */
export function bidReceiptMail(firm: Firm, to: BidMailRecipient, bid: Bid, round: BidRound, header: string) {
  return mail(
    firm,
    to,
    `Receipt for your bid on ${header}`,
    [
      `We received revision ${bid.revision} of your bid on ${header}.`,
      `Amount: ${bidAmountText(bid.amount)}\nEffective date: ${bid.effectiveDate}\nReceived: ${zonedTimeText(bid.submittedAt, round.timeZone)}`,
      `SHA-256 of your bid: ${bid.sha256}`,
      `You may revise it until ${zonedTimeText(round.deadline, round.timeZone)}; each revision gets its own receipt.`,
    ],
    `${firm.publicUrl}${bidsPath(bid.listingId)}`,
  );
}

/** Every bidder of a sealed round, when an admin opened it before its deadline. */
export function bidsUnsealedMail(firm: Firm, to: BidMailRecipient, round: BidRound, header: string) {
  return mail(
    firm,
    to,
    `Sealed bids on ${header} were opened early`,
    [BID_TEXTS.unsealedNotice(zonedTimeText(round.unsealedAt ?? round.deadline, round.timeZone))],
    `${firm.publicUrl}${bidsPath(round.listingId)}`,
  );
}

/** A bidder of the round, when staff moved its deadline. */
export function deadlineMovedMail(
  firm: Firm,
  to: BidMailRecipient,
  round: BidRound,
  header: string,
  previousDeadline: string,
) {
  const when = (iso: string) => zonedTimeText(iso, round.timeZone);
  return mail(
    firm,
    to,
    `The bid deadline on ${header} moved`,
    [BID_TEXTS.deadlineMoved(when(previousDeadline), when(round.deadline))],
    `${firm.publicUrl}${bidsPath(round.listingId)}`,
  );
}

import type { OutgoingMail } from "./mail-transport.ts";

export interface Firm {
  firmName: string;
  publicUrl: string;
  supportEmail: string;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

type MailLink = { label: string; url: string };

/** A plain, readable message: a greeting, paragraphs, an optional button link, the firm's signature. */
function message(firm: Firm, to: string, subject: string, paragraphs: string[], link?: MailLink) {
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    "",
    firm.firmName,
    firm.publicUrl,
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1b31;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`).join("\n")}
${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#f29a1f;color:#07111f;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#3d4b5f">${escapeHtml(link.url)}</p>` : ""}
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(firm.firmName)} · <a href="${escapeHtml(firm.publicUrl)}">${escapeHtml(firm.publicUrl)}</a></p>
</body></html>`;
  return { to, subject, text, html } satisfies OutgoingMail;
}

/**
 * A mail whose point is a one-time link: the greeting, why it came, how long the link works and what
 * to do otherwise, then the link as a button and as text.
 */
function oneTimeLinkMail(
  firm: Firm,
  to: string,
  subject: string,
  mail: { greeting: string; reason: string; lifetime: string; otherwise?: string; link: MailLink },
): OutgoingMail {
  const lifetime = `The link works once and expires in ${mail.lifetime}.`;
  const paragraphs = [
    mail.greeting,
    mail.reason,
    mail.otherwise ? `${lifetime} ${mail.otherwise}` : lifetime,
  ];
  return message(firm, to, subject, paragraphs, mail.link);
}

export function verificationMail(
  firm: Firm,
  to: string,
  name: string,
  url: string,
  hours: number,
): OutgoingMail {
  return oneTimeLinkMail(firm, to, `Verify your email for ${firm.firmName}`, {
    greeting: `Hello ${name},`,
    reason: `Thank you for registering with ${firm.firmName}. Please confirm your email address to log in and see our deals.`,
    lifetime: `${hours} hours`,
    link: { label: "Verify my email", url },
  });
}

export function resetPasswordMail(
  firm: Firm,
  to: string,
  name: string,
  url: string,
  minutes: number,
): OutgoingMail {
  return oneTimeLinkMail(firm, to, `Reset your ${firm.firmName} password`, {
    greeting: `Hello ${name},`,
    reason: "We received a request to reset your password. Choose a new one with the link below.",
    lifetime: `${minutes} minutes`,
    otherwise: "If you did not ask for this, ignore this email: your password stays the same.",
    link: { label: "Choose a new password", url },
  });
}

export function passwordChangedMail(firm: Firm, to: string, name: string): OutgoingMail {
  return message(firm, to, `Your ${firm.firmName} password was changed`, [
    `Hello ${name},`,
    "Your password was just changed, and every other session was logged out.",
    `If you did not do this, contact us at ${firm.supportEmail} right away.`,
  ]);
}

/**
 * A login from a browser the account had not used before (issue 20): the holder learns of it even
 * when the password and second factor were right, in case they were not the one who logged in.
 */
export function newBrowserLoginMail(
  firm: Firm,
  to: string,
  name: string,
  { at, ipAddress }: { at: string; ipAddress: string | undefined },
): OutgoingMail {
  const when = `${at.slice(0, 16).replace("T", " ")} UTC`;
  return message(firm, to, `New login to your ${firm.firmName} account`, [
    `Hello ${name},`,
    `Your account was logged in to from a new browser on ${when}${ipAddress ? ` (address ${ipAddress})` : ""}.`,
    "If this was you, there is nothing to do.",
    `If it was not, reset your password with "Forgot password" on the login form and contact us at ${firm.supportEmail} right away.`,
  ]);
}

/** The set-password link of an account made an administrator with `npm run create-admin`. */
export function administratorInvitationMail(
  firm: Firm,
  to: string,
  url: string,
  minutes: number,
): OutgoingMail {
  return oneTimeLinkMail(firm, to, `You are an administrator of the ${firm.firmName} site`, {
    greeting: "Hello,",
    reason: `This address has been made an administrator of the ${firm.firmName} site. Choose your password with the link below, then log in with this address.`,
    lifetime: `${minutes} minutes`,
    otherwise: 'If it has expired, use "Forgot password" on the login form.',
    link: { label: "Choose my password", url },
  });
}

/** To the new address: the account moves there only when this link is followed. */
export function confirmEmailChangeMail(
  firm: Firm,
  to: string,
  name: string,
  url: string,
  hours: number,
): OutgoingMail {
  return oneTimeLinkMail(firm, to, `Confirm your new email for ${firm.firmName}`, {
    greeting: `Hello ${name},`,
    reason: `Someone asked to use this address for their ${firm.firmName} account. Follow the link below to confirm it; until then the account keeps its current email.`,
    lifetime: `${hours} hours`,
    otherwise: "If you did not ask for this, ignore this email.",
    link: { label: "Confirm my new email", url },
  });
}

/** To the old address when a change is asked for, so a hijacked session does not go unnoticed. */
export function emailChangeRequestedMail(
  firm: Firm,
  to: string,
  name: string,
  newEmail: string,
): OutgoingMail {
  return message(firm, to, `A change of your ${firm.firmName} email was requested`, [
    `Hello ${name},`,
    `We received a request to change the email of your account to ${newEmail}. Nothing changes unless the link we sent to that address is followed.`,
    `If you did not ask for this, change your password and contact us at ${firm.supportEmail} right away.`,
  ]);
}

/** To the old address once the new one is confirmed. */
export function emailChangedMail(firm: Firm, to: string, name: string, newEmail: string): OutgoingMail {
  return message(firm, to, `Your ${firm.firmName} email was changed`, [
    `Hello ${name},`,
    `The email of your account is now ${newEmail}; use it to log in from now on.`,
    `If you did not do this, contact us at ${firm.supportEmail} right away.`,
  ]);
}

/** Staff approved a buyer's request for a data room: the mail carries the listing's access code. */
export function accessRequestApprovedMail(
  firm: Firm,
  to: string,
  name: string,
  deal: { ListingId: number; Header: string },
  accessCode: string,
  url: string,
): OutgoingMail {
  return message(
    firm,
    to,
    `Your access code for deal #${deal.ListingId}`,
    [
      `Hello ${name},`,
      `Your request to enter the data room of deal #${deal.ListingId}, ${deal.Header}, has been approved.`,
      `Your access code is ${accessCode}. Open the deal page, choose Enter data room and type the code.`,
    ],
    { label: "Open the deal", url },
  );
}

/** Staff declined a buyer's request for a data room. */
export function accessRequestDeclinedMail(
  firm: Firm,
  to: string,
  name: string,
  deal: { ListingId: number; Header: string },
): OutgoingMail {
  return message(firm, to, `Your request for deal #${deal.ListingId}`, [
    `Hello ${name},`,
    `Thank you for your interest in deal #${deal.ListingId}, ${deal.Header}. We are not able to open its data room to you at this time.`,
    `If you would like to talk about this deal or others like it, reply to this email or write to ${firm.supportEmail}: we are glad to help.`,
  ]);
}

/** What an agreement mail names: the listing, the signer and where the signed copy downloads from. */
interface SignedAgreementFacts {
  listingHeader: string;
  listingId: number;
  signerName: string;
  signerEmail: string;
  company: string;
  signedAt: string;
  downloadUrl: string;
}

export function agreementSignedBuyerMail(firm: Firm, facts: SignedAgreementFacts): OutgoingMail {
  return message(
    firm,
    facts.signerEmail,
    `Your signed confidentiality agreement: ${facts.listingHeader}`,
    [
      `Hello ${facts.signerName},`,
      `Thank you for signing the confidentiality agreement for "${facts.listingHeader}" (Listing #${facts.listingId}) on ${facts.signedAt} (UTC). Your signed copy is attached, and you can download it again from the data room at any time.`,
    ],
    { label: "Download the signed agreement", url: facts.downloadUrl },
  );
}

export function agreementSignedStaffMail(firm: Firm, facts: SignedAgreementFacts): OutgoingMail {
  return message(
    firm,
    firm.supportEmail,
    `CA signed: ${facts.company} for ${facts.listingHeader}`,
    [
      `${facts.signerName} (${facts.signerEmail}) of ${facts.company} signed the confidentiality agreement for "${facts.listingHeader}" (Listing #${facts.listingId}) on ${facts.signedAt} (UTC).`,
      "The signed copy is attached.",
    ],
    { label: "Download the signed agreement", url: facts.downloadUrl },
  );
}

/** A listing's buyers whose engagement score rose over the week, for the staff digest. */
export interface RisingBuyersOfListing {
  listingId: number;
  header: string;
  activityUrl: string;
  buyers: { name: string; email: string; score: number; gain: number }[];
}

/** The weekly digest to staff: each active listing's rising buyers, with the way to its activity page. */
export function risingBuyersStaffMail(
  firm: Firm,
  subject: string,
  listings: readonly RisingBuyersOfListing[],
): OutgoingMail {
  const points = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
  return message(
    firm,
    firm.supportEmail,
    subject,
    [
      "These buyers' engagement scores rose most over the last seven days, per active listing:",
      ...listings.map((listing) =>
        [
          `${listing.header} (Listing #${listing.listingId}): ${listing.activityUrl}`,
          ...listing.buyers.map(
            (b) => `- ${b.name} <${b.email}>: score ${points(b.score)}, up ${points(b.gain)}`,
          ),
        ].join("\n"),
      ),
    ],
    { label: "Open the Mgmt Dash", url: `${firm.publicUrl}/admin/dashboard` },
  );
}

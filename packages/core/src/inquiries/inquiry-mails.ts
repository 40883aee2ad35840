import type { OutgoingMail } from "../mail/mail-transport.ts";

export interface InquiryFirm {
  firmName: string;
  publicUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Headers take one line: a visitor's text must not start a new header. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

/**
 * A mail to staff about something a visitor sent: a lead line, the fields as a table (empty ones left
 * out) and the visitor's address as a mailto link, so staff can answer with one click.
 */
export function inquiryMail(
  firm: InquiryFirm,
  to: string,
  subject: string,
  lead: string,
  fields: ReadonlyArray<readonly [label: string, value: string | undefined]>,
  replyTo: string,
): OutgoingMail {
  const shown = fields.filter(([, value]) => value !== undefined && value.trim() !== "") as [
    string,
    string,
  ][];
  const text = [
    lead,
    ...shown.map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`)),
    `Reply to: ${replyTo}`,
    `${firm.firmName}\n${firm.publicUrl}`,
  ].join("\n\n");
  const rows = shown
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#3d4b5f;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0b1b31;line-height:1.5">
<p>${escapeHtml(lead)}</p>
<table style="border-collapse:collapse">${rows}</table>
<p><a href="mailto:${escapeHtml(encodeURI(replyTo))}" style="display:inline-block;background:#f29a1f;color:#07111f;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">Reply to ${escapeHtml(replyTo)}</a></p>
<p style="font-size:12px;color:#3d4b5f">${escapeHtml(firm.firmName)} · <a href="${escapeHtml(firm.publicUrl)}">${escapeHtml(firm.publicUrl)}</a></p>
</body></html>`;
  return { to, subject: oneLine(subject), text, html };
}

import type { ConfidentialityAgreement } from "@aea/domain";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { SignedAgreementRow } from "../../db/schema.ts";
import { wrapText } from "../../pdf/wrap-text.ts";

/** Who signed, when and from where: the certificate page states each of these. */
export type SignatureCertificate = Omit<SignedAgreementRow, "id" | "userId" | "ListingId" | "storageKey"> & {
  listingId: number;
};

const PAGE = { width: 612, height: 792 };
const MARGIN = 60;
const navy = rgb(0.043, 0.106, 0.192);
const slate = rgb(0.24, 0.29, 0.37);
const rule = rgb(0.8, 0.84, 0.9);

/**
 * The signed copy of a confidentiality agreement: the agreement text, the signature block (typed
 * name, and the drawn signature when there is one), then a certificate page with the evidence of the
 * signature. Text goes in as text (not images), so it can be searched and extracted.
 */
export async function renderSignedAgreement(
  agreement: ConfidentialityAgreement,
  certificate: SignatureCertificate,
  options: { firmName: string; drawnSignaturePng?: Uint8Array },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(agreement.title);
  pdf.setAuthor(options.firmName);
  pdf.setSubject(`Signed by ${certificate.signerName} (${certificate.signerEmail})`);
  pdf.setCreator(options.firmName);
  pdf.setProducer(options.firmName);
  pdf.setCreationDate(new Date(certificate.signedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const write = (text: string, font: PDFFont, size: number, color = navy, after = 0) => {
    for (const line of wrapText(printable(font, text), font, size, width)) {
      room(size * 1.45);
      page.drawText(line, { x: MARGIN, y: y - size, size, font, color });
      y -= size * 1.45;
    }
    y -= after;
  };

  write(agreement.title, bold, 15, navy, 10);
  for (const paragraph of agreement.paragraphs) write(paragraph, regular, 9.5, navy, 7);

  room(150);
  y -= 14;
  write("SIGNED by the Recipient", bold, 11, navy, 6);
  if (options.drawnSignaturePng) {
    const image = await pdf.embedPng(options.drawnSignaturePng);
    const scaled = image.scaleToFit(220, 70);
    page.drawImage(image, { x: MARGIN, y: y - scaled.height, ...scaled });
    y -= scaled.height + 4;
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 260, y }, thickness: 0.6, color: slate });
  y -= 6;
  write(`/s/ ${certificate.signerName}`, regular, 10.5, navy, 2);
  write(`Company: ${certificate.company}`, regular, 10, slate);
  write(`Email: ${certificate.signerEmail}`, regular, 10, slate);
  write(`Signed: ${certificate.signedAt} (UTC)`, regular, 10, slate);

  // The certificate always starts a page of its own.
  page = pdf.addPage([PAGE.width, PAGE.height]);
  y = PAGE.height - MARGIN;
  write("Signature certificate", bold, 15, navy, 4);
  write(
    `Issued by ${options.firmName}. The agreement was signed electronically in the firm's data room; these are the facts recorded when it was signed.`,
    regular,
    9.5,
    slate,
    12,
  );
  const rows: [string, string][] = [
    ["Signer", certificate.signerName],
    ["Email", certificate.signerEmail],
    ["Company", certificate.company],
    ["Signed at (UTC)", certificate.signedAt],
    ["IP address", certificate.ipAddress],
    ["User agent", certificate.userAgent],
    ["Listing", `#${certificate.listingId}`],
    ["Agreement SHA-256", certificate.agreementSha256],
    ["Drawn signature", options.drawnSignaturePng ? "Yes" : "No (typed name only)"],
  ];
  for (const [label, value] of rows) certificateRow(page, label, value);
  y -= 8;
  write(
    "The SHA-256 is computed over the agreement's title and clauses as UTF-8 text, joined by blank lines, exactly as shown to the signer.",
    regular,
    8.5,
    slate,
  );
  return pdf.save();

  function certificateRow(target: PDFPage, label: string, value: string) {
    const lines = wrapText(printable(regular, value) || "-", regular, 10, width - 130);
    target.drawText(label, { x: MARGIN, y: y - 10, size: 10, font: bold, color: navy });
    for (const [i, line] of lines.entries())
      target.drawText(line, { x: MARGIN + 130, y: y - 10 - i * 14, size: 10, font: regular, color: navy });
    y -= lines.length * 14 + 6;
    target.drawLine({
      start: { x: MARGIN, y: y + 2 },
      end: { x: PAGE.width - MARGIN, y: y + 2 },
      thickness: 0.4,
      color: rule,
    });
    y -= 4;
  }
}

/**
 * The text as the PDF's standard fonts can draw it: accents folded away where that keeps the letter
 * (é → e), anything else the font lacks shown as "?". The database and the mail keep the exact text.
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.normalize("NFKD").replace(/\p{M}/gu, "")]
    .map((c) => (supported.has(c.codePointAt(0) ?? 0) || /\s/.test(c) ? c : "?"))
    .join("");
}

import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";

/** Who a PDF is stamped for, and when. */
export interface WatermarkViewer {
  name: string;
  email: string;
  company: string;
  /** ISO-8601, shown in UTC. */
  at: string;
  /** Recorded in the download or preview event, so a leaked copy names its viewer. */
  watermarkId: string;
}

/** "2026-11-24 14:05 UTC" */
function utcTime(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * Stamps every page of a PDF with the viewer's name, email, company, the time (UTC), the word
 * "Confidential" and the watermark id: a faint diagonal band across the middle and a line at the foot
 * of the page, as real text (a copy's text names its viewer, and so does a screenshot).
 */
export async function watermarkPdf(bytes: Uint8Array, viewer: WatermarkViewer): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts encode WinAnsi only: other characters (a name in another script) become "?".
  const encodable = new Set(font.getCharacterSet());
  const safe = (text: string) =>
    [...text].map((c) => (encodable.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
  const who = safe(
    [viewer.name, viewer.email, viewer.company].filter(Boolean).join(" · ").replace(/·/g, "-"),
  );
  const foot = safe(`Confidential - ${who} - ${utcTime(viewer.at)} - ${viewer.watermarkId}`);
  const grey = rgb(0.45, 0.47, 0.5);
  for (const page of pdf.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(10, Math.min(width, height) / 22);
    const band = `Confidential - ${who}`;
    const bandWidth = bold.widthOfTextAtSize(band, size);
    const angle = Math.atan2(height, width);
    page.drawText(band, {
      x: width / 2 - (Math.cos(angle) * bandWidth) / 2,
      y: height / 2 - (Math.sin(angle) * bandWidth) / 2,
      size,
      font: bold,
      color: grey,
      opacity: 0.22,
      rotate: degrees((angle * 180) / Math.PI),
    });
    const footSize = 7;
    const footWidth = font.widthOfTextAtSize(foot, footSize);
    page.drawText(foot, {
      x: Math.max(12, (width - footWidth) / 2),
      y: 10,
      size: footSize,
      font,
      color: grey,
      opacity: 0.9,
      maxWidth: width - 24,
    });
  }
  return pdf.save({ useObjectStreams: false });
}

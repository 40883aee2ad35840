/**
 * Analytics: events go to the page's data layer (a tag manager reads it), and only for PDF
 * downloads (spec §7).
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export interface PdfDownload {
  /** The document's name, e.g. "Capabilities Pitchbook". */
  title: string;
  /** Where the PDF is fetched from. */
  url: string;
}

export const PDF_DOWNLOAD_EVENT = "pdf_download";

export function trackPdfDownload({ title, url }: PdfDownload, target: Window = window): void {
  target.dataLayer ??= [];
  target.dataLayer.push({
    event: PDF_DOWNLOAD_EVENT,
    file_name: title,
    file_url: url,
    page_path: target.location?.pathname ?? "",
  });
}

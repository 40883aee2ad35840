/**
 * Analytics: events go to the page's data layer (a tag manager reads it), and only for PDF
 * downloads (spec §7); a signed-in user is identified by their user id (spec §6).
 */
import type { SessionUser } from "@aea/domain";
import { useSite } from "./site";

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
  /** The signed-in user's id; absent for anonymous visitors. */
  userId?: number;
}

export const PDF_DOWNLOAD_EVENT = "pdf_download";

export function trackPdfDownload({ title, url, userId }: PdfDownload, target: Window = window): void {
  target.dataLayer ??= [];
  target.dataLayer.push({
    event: PDF_DOWNLOAD_EVENT,
    file_name: title,
    file_url: url,
    page_path: target.location?.pathname ?? "",
    ...(userId === undefined ? {} : { user_id: userId }),
  });
}

/**
 * Whom a download counts for: the signed-in user, but not while staff view the site as a buyer
 * ("View as" acts in nobody's name but the admin's, and the admin is not the buyer being counted).
 */
export function analyticsUserId(user: Pick<SessionUser, "id" | "impersonatorId"> | null): number | undefined {
  return user && user.impersonatorId === null ? user.id : undefined;
}

/** trackPdfDownload for this page's visitor. */
export function useTrackPdfDownload(): (download: Omit<PdfDownload, "userId">) => void {
  const userId = analyticsUserId(useSite().user);
  return (download) => trackPdfDownload({ ...download, userId });
}

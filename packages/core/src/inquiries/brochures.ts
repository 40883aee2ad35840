import { type Brochure, SELLER_BROCHURES } from "@aea/domain";
import { readObject, type Storage } from "../storage/storage.ts";

export interface BrochureFirm {
  firmName: string;
  firmShortName: string;
  publicUrl: string;
  supportEmail: string;
}

/** Bump when the brochures' layout or words change, so existing files are written again. */
const LAYOUT_VERSION = 4;
/** Where the brochures live in storage; the server serves `${BROCHURES_PREFIX}{slug}.pdf` only. */
const BROCHURES_PREFIX = "brochures/";
/** Records for which firm and layout the brochures were written. */
const STAMP = `${BROCHURES_PREFIX}.generated`;

/**
 * Writes the seller page's four PDF brochures into storage unless they are already there for this
 * firm and layout. Storage replaces objects whole, so a reader never sees half a file, even with
 * several instances starting at once.
 */
export async function ensureBrochures(storage: Storage, firm: BrochureFirm): Promise<void> {
  const stamp = JSON.stringify({
    version: LAYOUT_VERSION,
    firmName: firm.firmName,
    short: firm.firmShortName,
    url: firm.publicUrl,
    email: firm.supportEmail,
  });
  if ((await readObject(storage, STAMP))?.toString("utf8") === stamp) return;
  // The PDF library loads only when brochures are written (a first start, a new layout or firm).
  const { renderBrochure } = await import("./brochure-pdf.ts");
  for (const brochure of SELLER_BROCHURES) {
    await storage.put(brochureKey(brochure.slug), await renderBrochure(brochure, firm), {
      contentType: "application/pdf",
    });
  }
  await storage.put(STAMP, new TextEncoder().encode(stamp), { contentType: "application/json" });
}

export function brochureKey(slug: Brochure["slug"]): string {
  return `${BROCHURES_PREFIX}${slug}.pdf`;
}

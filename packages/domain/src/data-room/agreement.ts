import { z } from "../zod.ts";

/**
 * Largest drawn signature decoded, in pixels (width × height). The pad is at most ~900×144 CSS
 * pixels, about 2 megapixels at a pixel density of 4; a PNG of a few KB can claim far more
 * (20000×20000 fits in the character limit and would take 1.6 GB to decode).
 */
export const SIGNATURE_MAX_PIXELS = 4_000_000;

/** Every text of the confidentiality-agreement page and its form (checked by agreement.test.ts). */
export const AGREEMENT_TEXTS = {
  title: "Confidentiality Agreement",
  intro:
    "Read the agreement below. Once you sign it, the data room opens and a signed copy is mailed to you.",
  fullName: "Full name",
  company: "Company",
  consent:
    "I have read this Confidentiality Agreement and agree to be bound by it. I intend my typed name to be my electronic signature.",
  signaturePad: "Draw your signature (optional)",
  signaturePadHint: "Use a mouse, finger or pen. Your typed name is your signature either way.",
  clearSignature: "Clear",
  sign: "Sign the agreement",
  signing: "Signing...",
  signedTitle: "You signed this agreement",
  downloadSigned: "Download your signed copy (PDF)",
  continueToDataRoom: "Continue to the data room",
  fullNameRequired: "Full name is required",
  companyRequired: "Company is required",
  consentRequired: "Tick the box to agree to the agreement",
  signatureInvalid: "The drawn signature could not be read; clear it and draw again, or sign without it",
  signatureTooLarge: `The drawn signature is too large (more than ${SIGNATURE_MAX_PIXELS / 1_000_000} megapixels); clear it and draw again, or sign without it`,
  alreadySigned: "You have already signed this agreement.",
} as const;

/** A drawn signature: a PNG data URL the signature pad makes (a few KB; 300 KB is far more than any). */
const SIGNATURE_MAX_CHARS = 300_000;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** The eight bytes every PNG starts with, then the IHDR chunk's length (13) and type. */
const PNG_HEADER = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82];

/**
 * Width and height from a PNG data URL's header (the IHDR chunk, the first 24 bytes), read without
 * decoding anything; undefined when the data does not start as a PNG does.
 */
export function pngDataUrlSize(dataUrl: string): { width: number; height: number } | undefined {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1, dataUrl.indexOf(",") + 33);
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
  if (bytes.length < 24 || PNG_HEADER.some((byte, i) => bytes[i] !== byte)) return undefined;
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** What is wrong with a drawn signature, judged from its header alone; undefined when nothing is. */
function signatureProblem(dataUrl: string): string | undefined {
  const size = PNG_DATA_URL.test(dataUrl) ? pngDataUrlSize(dataUrl) : undefined;
  if (!size) return AGREEMENT_TEXTS.signatureInvalid;
  if (size.width * size.height > SIGNATURE_MAX_PIXELS) return AGREEMENT_TEXTS.signatureTooLarge;
  return undefined;
}

/** The agreement form: typed name, company, consent, and an optional drawn signature. */
export const agreementSchema = z.object({
  fullName: z
    .string({ error: AGREEMENT_TEXTS.fullNameRequired })
    .trim()
    .min(1, AGREEMENT_TEXTS.fullNameRequired)
    .max(120, "Full name must be at most 120 characters"),
  company: z
    .string({ error: AGREEMENT_TEXTS.companyRequired })
    .trim()
    .min(1, AGREEMENT_TEXTS.companyRequired)
    .max(160, "Company must be at most 160 characters"),
  consent: z.literal("on", { error: AGREEMENT_TEXTS.consentRequired }),
  signature: z
    .string()
    .max(SIGNATURE_MAX_CHARS, AGREEMENT_TEXTS.signatureInvalid)
    .superRefine((url, context) => {
      const problem = signatureProblem(url);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
});

export type AgreementInput = z.infer<typeof agreementSchema>;

export interface ConfidentialityAgreement {
  title: string;
  /** The agreement's clauses, in order; the signed PDF and its SHA-256 are made from exactly these. */
  paragraphs: string[];
}

/**
 * The firm's standard confidentiality agreement for an oil and gas acquisition or divestiture,
 * filled in for one listing: the firm, the listing's name and number, and the date (UTC, YYYY-MM-DD).
 */
export function confidentialityAgreement(fill: {
  firmName: string;
  listingId: number;
  listingHeader: string;
  date: string;
}): ConfidentialityAgreement {
  const { firmName, listingId, listingHeader, date } = fill;
  const opportunity = `"${listingHeader}" (Listing #${listingId})`;
  return {
    title: `${AGREEMENT_TEXTS.title} — ${listingHeader}`,
    paragraphs: [
      `This Confidentiality Agreement (the "Agreement") is made on ${date} between ${firmName}, acting as exclusive advisor to the owner of the oil and gas assets described as ${opportunity} (together, the "Disclosing Party"), and the person signing below on behalf of the company named below (the "Recipient").`,
      `1. Purpose. The Recipient wishes to evaluate a possible acquisition of all or part of the assets, including leases, wells, working and net revenue interests, production, reserves, facilities and related contracts (the "Transaction"). The Disclosing Party will make information available through an online data room for that purpose only.`,
      `2. Confidential Information. "Confidential Information" means all information furnished in connection with the Transaction, in any form, including land and title records, lease files, well files, logs, seismic and geological data, production and decline data, reserve reports, lease operating statements, financial statements, contracts, environmental and regulatory records, and all analyses, compilations or forecasts the Recipient prepares that contain or reflect any of it. It does not include information that is or becomes public through no fault of the Recipient, that the Recipient lawfully had before disclosure, that the Recipient receives from a third party free to disclose it, or that the Recipient develops independently without use of it.`,
      `3. Use and non-disclosure. The Recipient will use the Confidential Information only to evaluate, negotiate and complete the Transaction, will keep it strictly confidential, and will disclose it only to its directors, officers, employees, lenders, and legal, technical and financial advisors who need to know it for that purpose and who are bound by obligations of confidentiality no less protective than these (the "Representatives"). The Recipient is responsible for any breach of this Agreement by its Representatives.`,
      `4. The data room. The Recipient will not share its data-room credentials, will not attempt to circumvent any access control, watermark or download restriction, and acknowledges that access to the data room, including every document viewed or downloaded, is recorded.`,
      `5. The Transaction itself. Without the Disclosing Party's prior written consent, the Recipient will not disclose that the assets are being marketed, that it is evaluating them, or the status or terms of any discussions.`,
      `6. No contact. Without the prior written consent of ${firmName}, the Recipient will not contact the owner, any operator, working-interest partner, mineral or royalty owner, landowner, purchaser, employee or contractor connected with the assets about the Transaction or the Confidential Information, and will not enter the lands covered by the assets.`,
      `7. Non-solicitation. For eighteen months from the date of this Agreement the Recipient will not solicit for employment any employee of the owner with whom it had contact or of whom it became aware in connection with the Transaction, except through general solicitations not directed at them.`,
      `8. Legally required disclosure. If the Recipient or a Representative is required by law, regulation, stock exchange rule or legal process to disclose any Confidential Information, it will, where lawful, give the Disclosing Party prompt notice so that a protective order may be sought, and will disclose only the portion legally required.`,
      `9. Return or destruction. On the Disclosing Party's written request, the Recipient will promptly return or destroy all Confidential Information and certify that it has done so, except copies retained under a bona fide record-retention policy or as required by law, which remain subject to this Agreement.`,
      `10. No representations; no obligation. The Confidential Information is provided "as is". Neither the Disclosing Party nor the owner makes any representation or warranty as to its accuracy or completeness, except as set out in a definitive agreement for the Transaction. Neither party is obliged to proceed with any Transaction unless and until a definitive written agreement is signed. The owner may conduct the sale process as it alone decides and may reject any offer.`,
      `11. Remedies. The Recipient agrees that money damages may not be a sufficient remedy for a breach of this Agreement and that the Disclosing Party is entitled to seek specific performance and injunctive relief in addition to any other remedy.`,
      `12. Term and law. This Agreement remains in force for two years from the date above. It is governed by the laws of the State of Texas without regard to its conflict-of-laws rules. The owner of the assets is an intended third-party beneficiary and may enforce it.`,
      `13. Electronic signature. The Recipient agrees that signing this Agreement electronically, by typing its name and confirming its consent, binds it as a handwritten signature would, and that the signed copy, its certificate and the data-room record are evidence of that signature.`,
    ],
  };
}

/** The agreement as one text: what the SHA-256 on the certificate page is computed over. */
export function agreementPlainText(agreement: ConfidentialityAgreement): string {
  return [agreement.title, ...agreement.paragraphs].join("\n\n");
}

/** The signed copy of a listing's agreement: the buyer's own, or (staff) any buyer's by `userId`. */
export function signedAgreementPdfPath(listingId: number, userId?: number): string {
  const path = `/deals/${listingId}/data-room/agreement.pdf`;
  return userId === undefined ? path : `${path}?userId=${userId}`;
}

import {
  degrees,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from "pdf-lib";

/** Who a PDF is stamped for, and when. */
export interface WatermarkViewer {
  /** As the account holder typed it: never trusted to identify them, so shortened to fit. */
  name: string;
  /** The account's verified email: what identifies the viewer on every page. */
  email: string;
  company: string;
  /** ISO-8601, shown in UTC. */
  at: string;
  /** Recorded in the download or preview event, so a leaked copy names its viewer. */
  watermarkId: string;
  /** Set while staff view as this buyer ("View as"): the copy names the staff member, not the buyer. */
  staff?: { name: string; email: string };
}

/** "2026-11-24 14:05 UTC" */
function utcTime(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A part of the footer: `fixed` parts (the email, time and watermark id) always print whole; the
 * others (names and company, which their owner types) are shortened with an ellipsis to what is left.
 */
interface Part {
  text: string;
  fixed: boolean;
}

const FOOT_SIZE = 7;
/** A typed name never takes more than this on a page, however wide the page. */
const MAX_NAME_CHARACTERS = 60;
const ELLIPSIS = "\u2026";

/**
 * Stamps every page of a PDF with "Confidential", the viewer's verified email, the time (UTC), the
 * watermark id, then their name and company: a faint diagonal band across the middle carrying the
 * email, and one line at the foot of the page, as real text (a copy's text names its viewer, and so
 * does a screenshot). The email, time and id come first and always fit inside the visible page (the
 * line's size shrinks on a small page); a name is shortened, so no name can push them off the page or
 * pose as someone else's. Fonts are embedded once per document, and each page size laid out once.
 */
export async function watermarkPdf(bytes: Uint8Array, viewer: WatermarkViewer): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const safe = encodable(font);
  const parts = footParts(viewer).map((part) => ({ ...part, text: safe(part.text) }));
  const band = safe(
    viewer.staff ? `Viewed by staff - ${viewer.staff.email}` : `Confidential - ${viewer.email}`,
  );
  // The page's own content runs inside q … Q, so a transformation it leaves behind cannot move the stamp.
  const enclose = [pushGraphicsState(), popGraphicsState()].map((operator) =>
    pdf.context.register(pdf.context.contentStream([operator])),
  ) as [ReturnType<typeof pdf.context.register>, ReturnType<typeof pdf.context.register>];
  const layouts = new Map<string, PageLayout>();
  for (const page of pdf.getPages()) {
    page.node.wrapContentStreams(...enclose);
    const frame = visibleFrame(page);
    const key = `${frame.width}x${frame.height}`;
    let layout = layouts.get(key);
    if (!layout) {
      layout = pageLayout(frame.width, frame.height, parts, band, font, bold);
      layouts.set(key, layout);
    }
    stamp(page, frame, layout, font, bold);
  }
  return pdf.save({ useObjectStreams: false });
}

/** The footer's parts in reading order: what the viewer cannot forge first. */
function footParts(viewer: WatermarkViewer): Part[] {
  const fixed = (text: string) => ({ text, fixed: true });
  const typed = (text: string) => ({ text, fixed: false });
  const when = `${utcTime(viewer.at)} - ${viewer.watermarkId}`;
  if (viewer.staff) {
    return [
      fixed("Confidential - viewed by staff "),
      typed(viewer.staff.name),
      fixed(` (${viewer.staff.email}) as `),
      typed(viewer.name),
      fixed(` (${viewer.email}) - ${when}`),
    ];
  }
  const parts = [fixed(`Confidential - ${viewer.email} - ${when} - `), typed(viewer.name)];
  if (viewer.company) parts.push(fixed(", "), typed(viewer.company));
  return parts;
}

/**
 * The standard fonts encode WinAnsi only: other characters (a name in another script) become "?",
 * and any line break or other white space a plain space, so nothing breaks the line.
 */
function encodable(font: PDFFont): (text: string) => string {
  const characters = new Set(font.getCharacterSet());
  return (text) =>
    [...text.replace(/\s/g, " ")].map((c) => (characters.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
}

/** The page as a reader sees it: its crop box, turned by the page's rotation. */
interface Frame {
  width: number;
  height: number;
  /** Page coordinates of a point `u` across and `v` up the visible page. */
  at(u: number, v: number): { x: number; y: number };
  /** The page's rotation (degrees), added to text so it reads upright. */
  turn: number;
}

function visibleFrame(page: PDFPage): Frame {
  const box = page.getCropBox();
  const turn = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const sideways = turn === 90 || turn === 270;
  const at = {
    0: (u: number, v: number) => ({ x: box.x + u, y: box.y + v }),
    90: (u: number, v: number) => ({ x: box.x + box.width - v, y: box.y + u }),
    180: (u: number, v: number) => ({ x: box.x + box.width - u, y: box.y + box.height - v }),
    270: (u: number, v: number) => ({ x: box.x + v, y: box.y + box.height - u }),
  }[turn];
  return {
    width: sideways ? box.height : box.width,
    height: sideways ? box.width : box.height,
    at,
    turn,
  };
}

/** What goes where on a page of one visible size, in the frame's coordinates. */
interface PageLayout {
  foot: { text: string; size: number; u: number; v: number };
  band: { text: string; size: number; u: number; v: number; angle: number };
}

function pageLayout(
  width: number,
  height: number,
  parts: Part[],
  bandText: string,
  font: PDFFont,
  bold: PDFFont,
): PageLayout {
  const margin = Math.min(12, width * 0.04);
  const room = width - 2 * margin;
  // At least an ellipsis of every typed part, and every fixed part whole, must fit: shrink until they do.
  const least = parts.reduce(
    (sum, part) => sum + font.widthOfTextAtSize(part.fixed ? part.text : ELLIPSIS, 1),
    0,
  );
  const size = Math.min(FOOT_SIZE, room / least, height / 4);
  const text = fitted(parts, room, font, size);
  const footWidth = font.widthOfTextAtSize(text, size);
  const foot = {
    text,
    size,
    u: Math.max(margin, (width - footWidth) / 2),
    // Above the bottom edge by more than the font's descent.
    v: Math.min(10, Math.max(size * 0.4, height * 0.03)),
  };

  const angle = Math.atan2(height, width);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const unit = bold.widthOfTextAtSize(bandText, 1);
  // The turned band's bounding box stays within 90% of the page both ways.
  const bandSize = Math.min(
    Math.max(10, Math.min(width, height) / 22),
    (0.9 * width) / (unit * cos + sin),
    (0.9 * height) / (unit * sin + cos),
  );
  const length = unit * bandSize;
  // The baseline's start: half the text back from the centre, and a third of its size below the line.
  const band = {
    text: bandText,
    size: bandSize,
    u: width / 2 - (cos * length) / 2 + (sin * bandSize) / 3,
    v: height / 2 - (sin * length) / 2 - (cos * bandSize) / 3,
    angle: (angle * 180) / Math.PI,
  };
  return { foot, band };
}

/** The parts as one line no wider than `room`: typed parts share what the fixed ones leave. */
function fitted(parts: Part[], room: number, font: PDFFont, size: number): string {
  const width = (text: string) => font.widthOfTextAtSize(text, size);
  const typed = parts.filter((part) => !part.fixed);
  let left = room - parts.filter((part) => part.fixed).reduce((sum, part) => sum + width(part.text), 0);
  // The narrowest typed part first, each given at most an even share of what is left.
  const budget = new Map<Part, number>();
  for (const [n, part] of [...typed].sort((a, b) => width(a.text) - width(b.text)).entries()) {
    const share = Math.min(width(part.text), left / (typed.length - n));
    budget.set(part, share);
    left -= share;
  }
  return parts
    .map((part) => (part.fixed ? part.text : shortened(part.text, budget.get(part) ?? 0, width)))
    .join("");
}

/** The text, or as much of it as fits followed by an ellipsis. */
function shortened(text: string, room: number, width: (text: string) => number): string {
  const characters = [...text];
  if (characters.length <= MAX_NAME_CHARACTERS && width(text) <= room) return text;
  const cut = (keep: number) => `${characters.slice(0, keep).join("").trimEnd()}${ELLIPSIS}`;
  let keep = Math.min(characters.length, MAX_NAME_CHARACTERS - 1);
  while (keep > 0 && width(cut(keep)) > room) keep--;
  return cut(keep);
}

function stamp(page: PDFPage, frame: Frame, layout: PageLayout, font: PDFFont, bold: PDFFont): void {
  const grey = rgb(0.45, 0.47, 0.5);
  const { band, foot } = layout;
  page.drawText(band.text, {
    ...frame.at(band.u, band.v),
    size: band.size,
    font: bold,
    color: grey,
    opacity: 0.22,
    rotate: degrees(frame.turn + band.angle),
  });
  page.drawText(foot.text, {
    ...frame.at(foot.u, foot.v),
    size: foot.size,
    font,
    color: grey,
    opacity: 0.9,
    rotate: degrees(frame.turn),
  });
}

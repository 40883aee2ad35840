import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";

const navy = rgb(11 / 255, 27 / 255, 49 / 255);
const slate = rgb(61 / 255, 75 / 255, 95 / 255);
const amber = rgb(242 / 255, 154 / 255, 31 / 255);

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;

interface PitchbookPdf {
  title: string;
  description: string;
  firmName: string;
  /** The pitchbook's cover as SVG; it becomes the PDF's first page. */
  cover: string;
}

/**
 * A demo pitchbook as a two-page PDF: the cover picture, then a page with the title and what the book
 * holds. Enough for the pitchbook pages' Download PDF to hand a visitor a real document.
 */
export async function pitchbookPdf({
  title,
  description,
  firmName,
  cover,
}: PitchbookPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} | ${firmName}`);
  pdf.setAuthor(firmName);
  pdf.setSubject(description);
  pdf.setCreator(firmName);
  pdf.setProducer(firmName);

  const coverPng = await pdf.embedPng(await sharp(Buffer.from(cover), { density: 96 }).png().toBuffer());
  const coverPage = pdf.addPage([PAGE.width, PAGE.height]);
  const scale = Math.min(PAGE.width / coverPng.width, PAGE.height / coverPng.height);
  const width = coverPng.width * scale;
  const height = coverPng.height * scale;
  coverPage.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: navy });
  coverPage.drawImage(coverPng, {
    x: (PAGE.width - width) / 2,
    y: (PAGE.height - height) / 2,
    width,
    height,
  });

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  page.drawRectangle({ x: MARGIN, y: y - 22, width: 4, height: 22, color: amber });
  page.drawText(title, { x: MARGIN + 14, y: y - 19, size: 22, font: bold, color: navy });
  y -= 52;
  page.drawText(description, {
    x: MARGIN,
    y,
    size: 12,
    font: regular,
    color: slate,
    maxWidth: PAGE.width - 2 * MARGIN,
  });
  y -= 28;
  page.drawText(`${firmName} · Oil and gas acquisition, divestiture and technical advisory`, {
    x: MARGIN,
    y,
    size: 10,
    font: regular,
    color: slate,
  });
  return pdf.save();
}

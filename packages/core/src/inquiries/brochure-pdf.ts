import type { Brochure } from "@aea/domain";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { wrapText } from "../pdf/wrap-text.ts";
import { brochureText } from "./brochure-text.ts";
import type { BrochureFirm } from "./brochures.ts";

const navy = rgb(11 / 255, 27 / 255, 49 / 255);
const navy100 = rgb(227 / 255, 235 / 255, 245 / 255);
const slate = rgb(61 / 255, 75 / 255, 95 / 255);
const amber = rgb(242 / 255, 154 / 255, 31 / 255);
const amber700 = rgb(180 / 255, 95 / 255, 4 / 255);
const white = rgb(1, 1, 1);

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;
const BAND = 168;

/** One brochure as PDF bytes: a navy title band, an introduction, sections, figures and a footer. */
export async function renderBrochure(brochure: Brochure, firm: BrochureFirm): Promise<Uint8Array> {
  const text = brochureText(brochure.slug, firm.firmName, firm.firmShortName);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${brochure.title} | ${firm.firmName}`);
  pdf.setAuthor(firm.firmName);
  pdf.setSubject(brochure.summary);
  pdf.setKeywords(["oil and gas", "divestiture", brochure.title]);
  pdf.setCreator(firm.firmName);
  pdf.setProducer(firm.firmName);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = drawBand(page, brochure, firm, text.tagline, regular, bold);
  const pages: PDFPage[] = [page];
  const room = (height: number) => {
    if (y - height >= 62) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    pages.push(page);
    y = PAGE.height - MARGIN;
  };
  const paragraph = (content: string, font: PDFFont, size: number, color = navy, indent = 0) => {
    for (const line of wrapText(content, font, size, width - indent)) {
      room(size * 1.4);
      page.drawText(line, { x: MARGIN + indent, y: y - size, size, font, color });
      y -= size * 1.4;
    }
  };

  paragraph(text.intro, regular, 11.5, slate);
  y -= 12;
  drawFigures(page, y, regular, bold);
  y -= 66;
  for (const section of text.sections) {
    room(40);
    y -= 6;
    page.drawRectangle({ x: MARGIN, y: y - 14, width: 3, height: 14, color: amber });
    page.drawText(section.heading, { x: MARGIN + 10, y: y - 12, size: 13, font: bold, color: navy });
    y -= 24;
    for (const p of section.paragraphs ?? []) {
      paragraph(p, regular, 10);
      y -= 5;
    }
    for (const bullet of section.bullets ?? []) {
      room(15);
      page.drawCircle({ x: MARGIN + 4, y: y - 7, size: 2, color: amber700 });
      paragraph(bullet, regular, 10, navy, 14);
      y -= 2;
    }
    if (section.bullets?.length) y -= 4;
  }

  room(60);
  y -= 14;
  page.drawRectangle({ x: MARGIN, y: y - 46, width, height: 46, color: navy });
  page.drawText("Ready to talk?", { x: MARGIN + 16, y: y - 20, size: 12, font: bold, color: amber });
  page.drawText(
    `Send an inquiry at ${firm.publicUrl.replace(/^https?:\/\//, "")}/seller or email ${firm.supportEmail}.`,
    { x: MARGIN + 16, y: y - 36, size: 10, font: regular, color: white },
  );

  const year = new Date().getFullYear();
  pages.forEach((p, i) => {
    p.drawLine({
      start: { x: MARGIN, y: 46 },
      end: { x: PAGE.width - MARGIN, y: 46 },
      thickness: 0.5,
      color: navy100,
    });
    p.drawText(
      `${firm.firmName}  |  ${firm.publicUrl.replace(/^https?:\/\//, "")}  |  ${firm.supportEmail}`,
      {
        x: MARGIN,
        y: 32,
        size: 8.5,
        font: regular,
        color: slate,
      },
    );
    const right = `${brochure.title}  |  ${i + 1} of ${pages.length}  |  (c) ${year}`;
    p.drawText(right, {
      x: PAGE.width - MARGIN - regular.widthOfTextAtSize(right, 8.5),
      y: 32,
      size: 8.5,
      font: regular,
      color: slate,
    });
  });
  return pdf.save();
}

function drawBand(
  page: PDFPage,
  brochure: Brochure,
  firm: BrochureFirm,
  tagline: string,
  regular: PDFFont,
  bold: PDFFont,
): number {
  const top = PAGE.height;
  page.drawRectangle({ x: 0, y: top - BAND, width: PAGE.width, height: BAND, color: navy });
  page.drawRectangle({ x: 0, y: top - BAND - 5, width: PAGE.width, height: 5, color: amber });
  page.drawText(firm.firmName.toUpperCase(), { x: MARGIN, y: top - 52, size: 10, font: bold, color: amber });
  page.drawText(brochure.title, { x: MARGIN, y: top - 98, size: 32, font: bold, color: white });
  page.drawText(tagline, { x: MARGIN, y: top - 128, size: 12.5, font: regular, color: navy100 });
  return top - BAND - 5 - 30;
}

function drawFigures(page: PDFPage, y: number, regular: PDFFont, bold: PDFFont) {
  const figures: [string, string][] = [
    ["~$9.0B", "transacted for clients"],
    ["1,000s", "of closings since 1985"],
    [">300 yrs", "of combined experience"],
  ];
  const gap = 12;
  const boxWidth = (PAGE.width - 2 * MARGIN - gap * 2) / 3;
  figures.forEach(([figure, label], i) => {
    const x = MARGIN + i * (boxWidth + gap);
    page.drawRectangle({
      x,
      y: y - 56,
      width: boxWidth,
      height: 56,
      color: rgb(242 / 255, 246 / 255, 251 / 255),
    });
    page.drawText(figure, { x: x + 14, y: y - 26, size: 18, font: bold, color: amber700 });
    page.drawText(label, { x: x + 14, y: y - 44, size: 9, font: regular, color: slate });
  });
}

import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it, vi } from "vitest";
import { extractText, isPdfReaderRunning } from "./text-extraction.ts";

async function onePagePdf(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 12, font });
  return pdf.save();
}

describe("reading a data-room file's text", () => {
  it("reads a PDF in a worker that ends once nothing is left to read, and starts again for the next", async () => {
    expect(await extractText("Lease Schedule.pdf", await onePagePdf("Section 12 Reeves County"))).toEqual([
      "Section 12 Reeves County",
    ]);
    expect(isPdfReaderRunning()).toBe(true);
    await vi.waitFor(() => expect(isPdfReaderRunning()).toBe(false), { timeout: 10_000, interval: 250 });

    expect(await extractText("Title Opinion.pdf", await onePagePdf("Mineral interest 0.1875"))).toEqual([
      "Mineral interest 0.1875",
    ]);
  }, 30_000);

  it("tidies a text file for the index: no NUL, blanks made one space", async () => {
    const bytes = new TextEncoder().encode("Well\u0000 notes\t\t  Wolfcamp  \n\n  A bench");
    expect(await extractText("notes.txt", bytes)).toEqual(["Well notes Wolfcamp\nA bench"]);
  });
});

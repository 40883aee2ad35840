import { createHash } from "node:crypto";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { contentTypeOf } from "../data-rooms/documents/uploaded-file.ts";
import type { Database } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";

const navy = rgb(11 / 255, 27 / 255, 49 / 255);
const slate = rgb(61 / 255, 75 / 255, 95 / 255);
const amber = rgb(242 / 255, 154 / 255, 31 / 255);
const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 56;

/** A demo document: generated once, stored once, and named by every demo room that holds it. */
interface DemoDocument {
  name: string;
  render(): Promise<Uint8Array>;
}

/** The demo rooms' folders (by position: 1 Overview … 5 Financials) and what each holds. */
const LAYOUT: Array<{
  folder: string;
  documents: DemoDocument[];
  subfolders?: Array<{ folder: string; documents: DemoDocument[] }>;
}> = [
  {
    folder: "Overview",
    documents: [
      {
        name: "Confidential Information Memorandum.pdf",
        render: () => reportPdf("Confidential Information Memorandum", 8),
      },
      { name: "Teaser.pdf", render: () => reportPdf("Teaser", 2) },
    ],
  },
  {
    folder: "Land",
    documents: [{ name: "Lease Schedule.csv", render: async () => leaseScheduleCsv() }],
    subfolders: [{ folder: "Maps", documents: [{ name: "Acreage Map.png", render: acreageMapPng }] }],
  },
  {
    folder: "Production",
    documents: [
      { name: "Production History.csv", render: async () => productionCsv() },
      { name: "Central Battery.jpg", render: batteryPhotoJpg },
    ],
  },
  {
    folder: "Reserves",
    documents: [
      { name: "Reserve Report Summary.pdf", render: () => reportPdf("Reserve Report Summary", 12) },
    ],
  },
  {
    folder: "Financials",
    documents: [{ name: "Lease Operating Statement.csv", render: async () => losCsv() }],
    subfolders: [{ folder: "Tax", documents: [] }],
  },
];

const keyOf = (name: string) => `demo/data-room/${name.replace(/[^\w.-]+/g, "-")}`;

/**
 * Gives every demo listing with a data room the folders of LAYOUT and their documents. The documents
 * are rendered and stored once (a second start finds them); rooms that already have folders are left
 * alone, so staff changes survive restarts.
 */
export async function seedDemoDataRooms({
  database,
  storage,
}: {
  database: Database;
  storage: Storage;
}): Promise<void> {
  const rooms = await database.db
    .selectFrom("listings")
    .select("ListingId")
    .where("hasVDR", "=", 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("data_room_folders")
            .select("id")
            .whereRef("data_room_folders.ListingId", "=", "listings.ListingId"),
        ),
      ),
    )
    .execute();
  if (rooms.length === 0) return;
  const stored = new Map<string, { key: string; size: number; sha256: string }>();
  for (const document of LAYOUT.flatMap((f) => [
    ...f.documents,
    ...(f.subfolders ?? []).flatMap((s) => s.documents),
  ])) {
    const key = keyOf(document.name);
    let object = await storage.stat(key);
    let sha256 = "";
    if (!object) {
      const bytes = await document.render();
      object = await storage.put(key, bytes, { contentType: contentTypeOf(document.name) });
      sha256 = createHash("sha256").update(bytes).digest("hex");
    } else {
      const read = await storage.get(key);
      const hash = createHash("sha256");
      for await (const chunk of read?.body ?? []) hash.update(chunk as Buffer);
      sha256 = hash.digest("hex");
    }
    stored.set(document.name, { key, size: object.size, sha256 });
  }
  const now = new Date().toISOString();
  await database.transaction(async (trx) => {
    for (const { ListingId } of rooms) {
      const place = async (parentId: number, entries: typeof LAYOUT) => {
        for (const [n, entry] of entries.entries()) {
          const folder = await trx
            .insertInto("data_room_folders")
            .values({
              ListingId,
              parentId,
              name: entry.folder,
              position: n + 1,
              createdAt: now,
              updatedAt: now,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const folderId = Number(folder.id);
          if (entry.documents.length) {
            await trx
              .insertInto("data_room_files")
              .values(
                entry.documents.map((document) => {
                  const facts = stored.get(document.name) as { key: string; size: number; sha256: string };
                  return {
                    ListingId,
                    folderId,
                    name: document.name,
                    size: facts.size,
                    contentType: contentTypeOf(document.name),
                    storageKey: facts.key,
                    sha256: facts.sha256,
                    uploadedBy: null,
                    createdAt: now,
                    updatedAt: now,
                  };
                }),
              )
              .execute();
          }
          if (entry.subfolders) await place(folderId, entry.subfolders);
        }
      };
      await place(0, LAYOUT);
    }
  });
}

/** A multi-page report in the firm's style: a title band, then numbered pages of sections and a table. */
async function reportPdf(title: string, pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor("Anticline Energy Advisors");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    page.drawRectangle({ x: 0, y: PAGE.height - 72, width: PAGE.width, height: 72, color: navy });
    page.drawRectangle({ x: MARGIN, y: PAGE.height - 52, width: 4, height: 22, color: amber });
    page.drawText(title, { x: MARGIN + 14, y: PAGE.height - 48, size: 18, font: bold, color: rgb(1, 1, 1) });
    let y = PAGE.height - 120;
    const heading = n === 1 ? "Summary" : `Section ${n - 1}`;
    page.drawText(heading, { x: MARGIN, y, size: 14, font: bold, color: navy });
    y -= 24;
    y = paragraph(page, regular, y, n);
    y -= 16;
    table(page, regular, bold, y, n);
    page.drawText(`Page ${n} of ${pages}`, {
      x: PAGE.width - MARGIN - 60,
      y: 28,
      size: 9,
      font: regular,
      color: slate,
    });
  }
  return pdf.save();
}

function paragraph(page: ReturnType<PDFDocument["addPage"]>, font: PDFFont, top: number, n: number): number {
  const lines = [
    "The properties comprise operated working interests in producing oil and gas wells with associated",
    "leasehold, gathering lines and a central tank battery. Production is weighted to oil with stable",
    `declines; this page (${n}) summarises the figures the buyer's engineers will want to test.`,
    "All volumes are net to the interest offered, as of the effective date, unless stated otherwise.",
  ];
  let y = top;
  for (const line of lines) {
    page.drawText(line, { x: MARGIN, y, size: 10.5, font, color: slate });
    y -= 16;
  }
  return y;
}

function table(
  page: ReturnType<PDFDocument["addPage"]>,
  font: PDFFont,
  bold: PDFFont,
  top: number,
  n: number,
): void {
  const columns = ["Year", "Oil (bbl)", "Gas (mcf)", "Net revenue ($)"];
  let y = top;
  for (const [i, c] of columns.entries())
    page.drawText(c, { x: MARGIN + i * 125, y, size: 10, font: bold, color: navy });
  y -= 6;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: PAGE.width - MARGIN, y },
    thickness: 0.8,
    color: amber,
  });
  for (let row = 0; row < 12; row++) {
    y -= 18;
    const oil = Math.round(48_000 * 0.88 ** (row + n));
    const gas = Math.round(oil * 2.7);
    const values = [
      String(2025 + row),
      oil.toLocaleString("en-US"),
      gas.toLocaleString("en-US"),
      (oil * 68 + gas * 2.4).toLocaleString("en-US", { maximumFractionDigits: 0 }),
    ];
    for (const [i, v] of values.entries())
      page.drawText(v, { x: MARGIN + i * 125, y, size: 10, font, color: slate });
  }
}

const encode = (text: string) => new TextEncoder().encode(text);

function leaseScheduleCsv(): Uint8Array {
  const rows = ["Lease,County,State,Gross acres,Net acres,WI,NRI,Expiry"];
  for (let n = 1; n <= 24; n++) {
    rows.push(`Smith ${n}-H,Reeves,TX,${320 + n * 10},${(240 + n * 7.5).toFixed(1)},0.75,0.5625,HBP`);
  }
  return encode(`${rows.join("\n")}\n`);
}

function productionCsv(): Uint8Array {
  const rows = ["Month,Oil (bbl),Gas (mcf),Water (bbl),Producing wells"];
  for (let m = 0; m < 36; m++) {
    const date = new Date(Date.UTC(2023, m, 1)).toISOString().slice(0, 7);
    rows.push(
      `${date},${Math.round(9200 * 0.975 ** m)},${Math.round(24_800 * 0.98 ** m)},${Math.round(15_000 * 1.01 ** m)},18`,
    );
  }
  return encode(`${rows.join("\n")}\n`);
}

function losCsv(): Uint8Array {
  const rows = ["Month,Revenue ($),LOE ($),Taxes ($),Net ($)"];
  for (let m = 0; m < 12; m++) {
    const revenue = Math.round(640_000 * 0.98 ** m);
    const loe = Math.round(182_000 + m * 800);
    const taxes = Math.round(revenue * 0.075);
    rows.push(`2025-${String(m + 1).padStart(2, "0")},${revenue},${loe},${taxes},${revenue - loe - taxes}`);
  }
  return encode(`${rows.join("\n")}\n`);
}

function acreageMapPng(): Promise<Uint8Array> {
  const tracts = Array.from({ length: 12 }, (_, n) => {
    const x = 60 + (n % 4) * 170;
    const y = 80 + Math.floor(n / 4) * 150;
    return `<rect x="${x}" y="${y}" width="150" height="130" fill="${n % 3 ? "#f29a1f" : "#fdf0dc"}" stroke="#0b1b31" stroke-width="2"/><text x="${x + 12}" y="${y + 28}" font-family="sans-serif" font-size="18" fill="#0b1b31">Tract ${n + 1}</text>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560"><rect width="800" height="560" fill="#f2f6fb"/><text x="60" y="50" font-family="sans-serif" font-size="26" font-weight="bold" fill="#0b1b31">Acreage map (demo)</text>${tracts}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function batteryPhotoJpg(): Promise<Uint8Array> {
  const tanks = Array.from(
    { length: 5 },
    (_, n) =>
      `<rect x="${90 + n * 130}" y="230" width="100" height="220" rx="10" fill="#3d4b5f"/><rect x="${90 + n * 130}" y="230" width="100" height="20" fill="#f29a1f"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ec5e8"/><stop offset="1" stop-color="#e3ebf5"/></linearGradient></defs><rect width="800" height="560" fill="url(#sky)"/><rect y="450" width="800" height="110" fill="#b08a5a"/>${tanks}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

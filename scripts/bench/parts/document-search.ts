// Search inside a data room (issue 23 item 3), in the dataroom part (BENCH_ONLY=dataroom): reading the
// text of a 100-page PDF, and a search over one room of 5,000 files / 100,000 pages built directly in
// the database (SQLite; PostgreSQL too when TEST_DATABASE_URL is set). Alone:
// `npx node scripts/bench/parts/document-search.ts`.
import { loadavg } from "node:os";
import {
  benchExtractText,
  createRng,
  insertTestAccount,
  type TestEngine,
  testDatabase,
  testEngines,
} from "@aea/core/testing";
import { isSold, type SessionUser } from "@aea/domain";
import { sql } from "kysely";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatMs, type Row, renderTable } from "../report.ts";
import { log, median, quantile } from "../util.ts";

const EXTRACT_BUDGET_MS = 1_000;
const SEARCH_BUDGET_MS = 100;
const FILES = 5_000;
const PAGES_PER_FILE = 20;
const WORDS_PER_PAGE = 120;

/** The words of the generated pages: the trade's own, each as common as its place in a Zipf curve. */
const VOCABULARY = (
  "lease well oil gas water royalty interest working net revenue production reserves proved developed " +
  "undeveloped acreage tract section township range county permian delaware midland basin wolfcamp spraberry " +
  "bone spring eagle ford bakken horizontal vertical completion drilling spud lateral frac operator " +
  "nonoperated title opinion assignment conveyance easement right of way pipeline gathering saltwater disposal " +
  "injection permit environmental phase audit plugging abandonment liability severance tax ad valorem " +
  "statement operating expense capital budget forecast decline curve type eur boe mcf bbl price deck strip " +
  "hedge swap collar counterparty marketing contract purchaser transportation processing fee dedication " +
  "acreage depth formation zone spacing unit pooling order division order suspense payment owner mineral"
).split(" ");
/** Rare words, a few times each in the corpus, as names and numbers are. */
const RARE = Array.from({ length: 2_000 }, (_, n) => `x${(n * 7919).toString(36)}q`);

export async function measureDocumentSearch(): Promise<Row[]> {
  const rows: Row[] = [await measureExtraction()];
  for (const engine of testEngines()) rows.push(...(await measureSearch(engine)));
  return rows;
}

async function measureExtraction(): Promise<Row> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const rng = createRng(23);
  for (let p = 1; p <= 100; p++) {
    const page = pdf.addPage([612, 792]);
    for (let line = 0; line < 45; line++) {
      const words = Array.from({ length: 12 }, () => rng.pick(VOCABULARY)).join(" ");
      page.drawText(words, { x: 40, y: 750 - line * 16, size: 9, font });
    }
  }
  const bytes = await pdf.save();
  const times: number[] = [];
  for (let n = 0; n < 7; n++) {
    const started = performance.now();
    const pages = await benchExtractText("Bench report.pdf", bytes);
    times.push(performance.now() - started);
    if (pages.length !== 100) throw new Error(`read ${pages.length} pages of 100`);
  }
  const p50 = median(times);
  return {
    section: "dataroom",
    name: "text of a 100-page PDF (p50 of 7)",
    ours: formatMs(p50),
    nginx: "—",
    ratio: "—",
    budget: `≤ ${formatMs(EXTRACT_BUDGET_MS)}`,
    status: p50 <= EXTRACT_BUDGET_MS ? "pass" : "fail",
    note: `first (cold worker) ${formatMs(times[0] ?? Number.NaN)}; load ${loadText()}`,
    data: { times },
  };
}

async function measureSearch(engine: TestEngine): Promise<Row[]> {
  const core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
  try {
    const listing = (await core.listings.publicListings()).find((l) => l.hasVDR && !isSold(l));
    if (!listing) throw new Error("no demo data room");
    const staff = await insertTestAccount(core, { password: "Bench2030!", isAdmin: true });
    const viewer: SessionUser = core.sessions.sessionUser(staff);
    const built = performance.now();
    await buildCorpus(core, listing.ListingId);
    log(
      `dataroom search (${engine.name}): corpus built in ${((performance.now() - built) / 1000).toFixed(1)} s`,
    );
    const queries = [
      "lease",
      "saltwater disposal",
      "wolfcamp horizontal completion",
      "royalty interest owner",
      RARE[17] as string,
      `${RARE[42]} lease`,
      "division order suspense",
      "nosuchword",
    ];
    for (const q of queries) await core.dataRoomSearch.search(viewer, listing.ListingId, q, null);
    const times: number[] = [];
    const byQuery = new Map<string, number[]>(queries.map((q) => [q, []]));
    for (let round = 0; round < 5; round++)
      for (const q of queries) {
        const started = performance.now();
        await core.dataRoomSearch.search(viewer, listing.ListingId, q, null);
        const ms = performance.now() - started;
        times.push(ms);
        byQuery.get(q)?.push(ms);
      }
    for (const [q, ms] of byQuery) log(`  ${engine.name} "${q}": p50 ${formatMs(median(ms))}`);
    const p95 = quantile(times, 0.95);
    return [
      {
        section: "dataroom",
        name: `search, ${FILES.toLocaleString("en-US")} files / ${(FILES * PAGES_PER_FILE).toLocaleString("en-US")} pages (${engine.name}, p95)`,
        ours: formatMs(p95),
        nginx: "—",
        ratio: "—",
        budget: `≤ ${formatMs(SEARCH_BUDGET_MS)}`,
        status: p95 <= SEARCH_BUDGET_MS ? "pass" : "fail",
        note: `p50 ${formatMs(median(times))}, ${times.length} searches of ${queries.length} queries (common to rare words); load ${loadText()}`,
        data: { times },
      },
    ];
  } finally {
    await core.close();
  }
}

/** One room's 5,000 read files, 20 pages of ~120 words each, written straight into the tables. */
async function buildCorpus(core: Awaited<ReturnType<TestEngine["create"]>>, listingId: number) {
  const db = testDatabase(core).db;
  const rng = createRng(2023);
  const now = new Date().toISOString();
  const word = () =>
    rng.next() < 0.002 ? rng.pick(RARE) : VOCABULARY[Math.floor(VOCABULARY.length * rng.next() ** 2)];
  for (let start = 0; start < FILES; start += 250) {
    await db.transaction().execute(async (trx) => {
      const files = await trx
        .insertInto("data_room_files")
        .values(
          Array.from({ length: Math.min(250, FILES - start) }, (_, n) => ({
            ListingId: listingId,
            folderId: 0,
            name: `Bench document ${start + n + 1}.pdf`,
            size: 1,
            contentType: "application/pdf",
            storageKey: "bench/none",
            sha256: `bench-${start + n}`,
            uploadedBy: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning("id")
        .execute();
      await trx
        .insertInto("data_room_file_texts")
        .values(
          files.map((f) => ({ fileId: Number(f.id), state: "indexed", pages: PAGES_PER_FILE, readAt: now })),
        )
        .execute();
      const pages = files.flatMap((f) =>
        Array.from({ length: PAGES_PER_FILE }, (_, p) => ({
          fileId: Number(f.id),
          ListingId: listingId,
          page: p + 1,
          body: Array.from({ length: WORDS_PER_PAGE }, word).join(" "),
        })),
      );
      for (let at = 0; at < pages.length; at += 500)
        await trx
          .insertInto("data_room_file_pages")
          .values(pages.slice(at, at + 500))
          .execute();
    });
  }
  // What autovacuum does soon after a bulk load on PostgreSQL (SQLite's planner reads it too).
  await sql`analyze`.execute(db);
}

const loadText = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

if (import.meta.main) console.log(renderTable(await measureDocumentSearch()));

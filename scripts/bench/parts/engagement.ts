// Rows of BENCH_ONLY=dataroom (issue 23 item 4): the engagement recomputation, for 2,000 buyers × 50
// listings (8 events each, 800,000 events), on SQLite and, when TEST_DATABASE_URL is set, on
// PostgreSQL: a full recount (every buyer's score with every listing counted from the data-room
// trail; the first round writes every score, the next ones what changed), and the quarter-hour
// recount after a new event in a few rooms (only those buyers are counted again, docs/decisions/043). Runs on its own too, on npm's Node 24:
// `npm exec -- node scripts/bench/parts/engagement.ts`.
import { loadavg } from "node:os";
import { createRng, testDatabase, testEngines } from "@aea/core/testing";
import { sql } from "kysely";
import { formatMs, type Row } from "../report.ts";
import { log } from "../util.ts";

const BUYERS = 2_000;
const LISTINGS = 50;
const BUDGET_MS = 5_000;
/** Rooms with a new event (of one buyer) before each quarter-hour recount, and what that recount may take. */
const CHANGED_ROOMS = 5;
const QUARTER_BUDGET_MS = 1_000;
const HOUR = 3_600_000;
/** The trails run over the 90 days before the bench (in the past, as a recount finds them). */
const START = Date.now() - 90 * 24 * HOUR;

/** One buyer's trail in one room: two visits a week apart, folders, previews, pages and downloads. */
function trail(rng: ReturnType<typeof createRng>, userId: number, listingId: number) {
  const first = START + rng.int(0, 60 * 24) * HOUR;
  const second = first + 7 * 24 * HOUR + rng.int(0, 48) * HOUR;
  const file = (n: number) => listingId * 100 + n;
  const folder = (n: number) => listingId * 10 + (n % 5);
  const at = (base: number, minutes: number) => new Date(base + minutes * 60_000).toISOString();
  const event = (
    when: string,
    name: string,
    fileId: number | null,
    folderId: number,
    detail: string | null,
  ) => ({
    at: when,
    userId,
    ListingId: listingId,
    event: name,
    fileId,
    folderId,
    ipAddress: null,
    detail,
    impersonatorId: null,
  });
  const a = rng.int(1, 20);
  const b = rng.int(1, 20);
  return [
    event(at(first, 0), "folder-opened", null, folder(a), null),
    event(at(first, 2), "file-previewed", file(a), folder(a), null),
    event(at(first, 9), "pages-viewed", file(a), folder(a), `{"pages":${rng.int(1, 40)}}`),
    event(at(first, 12), "file-downloaded", file(a), folder(a), null),
    event(at(second, 0), "folder-opened", null, folder(b), null),
    event(at(second, 1), "file-previewed", file(b), folder(b), null),
    event(at(second, 6), "pages-viewed", file(b), folder(b), `{"pages":${rng.int(1, 40)}}`),
    event(at(second, 20), rng.chance(0.1) ? "question-asked" : "file-downloaded", file(b), folder(b), null),
  ];
}

/** Three rounds of a recount: each time, this process's CPU time (what the recount costs here whatever else the machine runs) and how many scores it stored. */
async function timeRounds(recount: () => Promise<{ buyers: number }>) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let stored = 0;
  for (let round = 0; round < 3; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    stored = (await recount()).buyers;
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  const note = `${times.map(formatMs).join(", ")}; Node CPU ${cpuTimes.map(formatMs).join(", ")}`;
  return { best: Math.min(...times), times, cpuTimes, stored, note };
}

/** The recomputation's times on each engine, as rows of the dataroom section. */
export async function measureEngagement(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const engine of testEngines()) {
    const core = await engine.create({ SEED_DEMO: "false", SEED_DEMO_ACCOUNTS: "false" });
    try {
      const db = testDatabase(core).db;
      const users = await db
        .insertInto("users")
        .values(
          Array.from({ length: BUYERS }, (_, n) => ({
            email: `engaged.${n}@bench.test`,
            firstName: "Bench",
            middle: null,
            lastName: `Buyer ${n}`,
            passwordHash: "not-a-login",
            verified: 1,
            isAdmin: 0,
            hasClaimAD: 0,
            createdAt: new Date(START).toISOString(),
            updatedAt: new Date(START).toISOString(),
          })) as never,
        )
        .returning("id")
        .execute();
      const rng = createRng(23);
      const seeding = performance.now();
      for (let listing = 1; listing <= LISTINGS; listing++) {
        const events = users.flatMap((u) => trail(rng, u.id, 990_000 + listing));
        for (let start = 0; start < events.length; start += 1_000)
          await db
            .insertInto("data_room_events")
            .values(events.slice(start, start + 1_000))
            .execute();
      }
      // The statistics a running database has (PostgreSQL's autovacuum gathers them as the trail
      // grows): without them PostgreSQL reads each room through the index of events nobody made while
      // viewing as a buyer, all 800,000 entries of it, eight times slower than through the room's own.
      await sql`analyze data_room_events`.execute(db);
      log(
        `engagement (${engine.name}): ${BUYERS * LISTINGS * 8} events seeded in ${formatMs(performance.now() - seeding)}`,
      );
      const full = await timeRounds(() => core.engagement.recompute({ full: true }));
      const stored = full.stored;
      rows.push({
        section: "dataroom",
        name: `engagement full recount, ${BUYERS.toLocaleString("en-US")} buyers × ${LISTINGS} listings (${engine.name})`,
        ours: formatMs(full.best),
        nginx: "—",
        ratio: "—",
        budget: `≤ ${BUDGET_MS / 1000} s`,
        status: full.best <= BUDGET_MS && stored === BUYERS * LISTINGS ? "pass" : "fail",
        note: `best of 3 (${full.note}); ${stored.toLocaleString("en-US")} scores stored from ${(BUYERS * LISTINGS * 8).toLocaleString("en-US")} events; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
        data: full,
      });
      // Before each round a buyer opens a folder in each of a few rooms (the same rooms each round:
      // rounds seconds apart would otherwise each recount the rooms of the rounds before, which the
      // quarter-hour recount counts again for one period).
      const quarter = await timeRounds(async () => {
        const at = new Date().toISOString();
        await db
          .insertInto("data_room_events")
          .values(
            Array.from({ length: CHANGED_ROOMS }, (_, n) => ({
              ...trail(rng, users[n]?.id as number, 990_001 + n)[0],
              at,
            })) as never,
          )
          .execute();
        return core.engagement.recompute();
      });
      rows.push({
        section: "dataroom",
        name: `engagement quarter-hour recount, a new event in ${CHANGED_ROOMS} of ${LISTINGS} rooms (${engine.name})`,
        ours: formatMs(quarter.best),
        nginx: "—",
        ratio: "—",
        budget: `≤ ${QUARTER_BUDGET_MS / 1000} s`,
        // One buyer's score in each changed room: the others' did not change.
        status: quarter.best <= QUARTER_BUDGET_MS && quarter.stored === CHANGED_ROOMS ? "pass" : "fail",
        note: `best of 3 (${quarter.note}); ${quarter.stored.toLocaleString("en-US")} scores recounted; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
        data: quarter,
      });
    } finally {
      await core.close();
    }
  }
  return rows;
}

if (import.meta.main) for (const row of await measureEngagement()) console.log(JSON.stringify(row));

/**
 * The server's memory and start-up settings, which V8, the C library and Node's module loader read
 * only when a process starts (decision 037). Imported first by main.ts, before the server loads: without them the process
 * replaces itself once, at once, by the same command with them (`process.execve`: same pid, same
 * stdio, nothing left behind), so `npm start`, the bench, the cluster and the tests' servers all run
 * with them.
 *
 * - `--max-semi-space-size=8` (MB): V8 sizes the young generation from the machine's memory (128 MB
 *   here, all of it resident once a burst of requests has passed through it); 8 MB semi-spaces cost
 *   ~100 MB less, and the load bench's throughput stayed within its noise (2,778 vs 2,854 req/s with
 *   16 MB, load 2–2.7).
 * - `--heap-growing-percent=30`: after a full collection V8 lets the old generation grow to 1.3 × what
 *   survived instead of up to 4 ×. Under the load bench a request's objects outlive a few scavenges and
 *   reach the old generation as garbage; with V8's own factor the old space swelled to 440 MB (RSS 751 MiB
 *   after 60 s) around 130–160 MB of live data, with 1.3 it stays near 155 MB (RSS 432 MiB) at the same
 *   throughput (787 vs 779 requests/s, load 1.3).
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (libvips, the thread pool) its own
 *   64 MB arena and seldom returns their pages; two arenas cost ~110 MB less after image work.
 * - `MALLOC_TRIM_THRESHOLD_=131072`: glibc then keeps large blocks (image buffers, compressed pages)
 *   in their own mappings and gives freed memory back: ~40 MB less after the demo is seeded.
 * - `MALLOC_MMAP_THRESHOLD_=32768`: blocks from 32 KB up get their own mappings too, among them the
 *   64 KB buffer Node reads each socket into and then shrinks to what arrived; in the main heap those
 *   left holes between longer-lived blocks, and under the load bench it grew from 40 to 73 MB. With
 *   it the heap stays at 39 MB and the run ends 45 MB lower at the same throughput.
 *
 * - `NODE_COMPILE_CACHE`: Node keeps the code it compiled (our TypeScript stripped of its types, the
 *   packages' JavaScript) on disk, in its default place, and a restart reads it instead of compiling
 *   again: loading the server's modules took 1.33 s of CPU without it and 0.80 s with it (load 9).
 *   Entries are keyed by the file's contents and Node's version, so an edited file is compiled afresh.
 *
 * AEA_MEMORY_SETTINGS=off starts without them (to compare); MALLOC_* and NODE_COMPILE_CACHE given
 * explicitly are kept.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";

const SETTINGS_MARK = "AEA_MEMORY_SETTINGS";

if (
  process.env[SETTINGS_MARK] === undefined &&
  process.platform === "linux" &&
  typeof process.execve === "function"
) {
  process.execve(
    process.execPath,
    [
      process.execPath,
      "--max-semi-space-size=8",
      "--heap-growing-percent=30",
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    {
      MALLOC_ARENA_MAX: "2",
      MALLOC_TRIM_THRESHOLD_: "131072",
      MALLOC_MMAP_THRESHOLD_: "32768",
      NODE_COMPILE_CACHE: join(tmpdir(), "node-compile-cache"),
      ...process.env,
      [SETTINGS_MARK]: "on",
    },
  );
}

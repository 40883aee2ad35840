/**
 * The server's memory settings, which V8 and the C library read only when a process starts (decision
 * 037). Imported first by main.ts: without them the process replaces itself once, at once, by the same
 * command with them (`process.execve`: same pid, same stdio, nothing left behind), so `npm start`, the
 * bench, the cluster and the tests' servers all run with them.
 *
 * - `--max-semi-space-size=16` (MB): V8 sizes the young generation from the machine's memory (128 MB
 *   here, all of it resident once a burst of requests has passed through it); 16 MB semi-spaces keep
 *   scavenges short and cost ~90 MB less.
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (libvips, the thread pool) its own
 *   64 MB arena and seldom returns their pages; two arenas cost ~110 MB less after image work.
 * - `MALLOC_TRIM_THRESHOLD_=131072`: glibc then keeps large blocks (image buffers, compressed pages)
 *   in their own mappings and gives freed memory back: ~40 MB less after the demo is seeded.
 *
 * AEA_MEMORY_SETTINGS=off starts without them (to compare); MALLOC_* given explicitly are kept.
 */
const SETTINGS_MARK = "AEA_MEMORY_SETTINGS";

if (
  process.env[SETTINGS_MARK] === undefined &&
  process.platform === "linux" &&
  typeof process.execve === "function"
) {
  process.execve(
    process.execPath,
    [process.execPath, "--max-semi-space-size=16", ...process.execArgv, ...process.argv.slice(1)],
    {
      MALLOC_ARENA_MAX: "2",
      MALLOC_TRIM_THRESHOLD_: "131072",
      ...process.env,
      [SETTINGS_MARK]: "on",
    },
  );
}

/**
 * How every browser run of ours starts Debian's Chromium (end-to-end tests, screenshots, benches): on a
 * server without a GPU or a sandbox, and without the background traffic (updates, sync, first-run
 * pages) that would add requests and CPU nobody asked for to what is measured.
 */
export const CHROMIUM_SERVER_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

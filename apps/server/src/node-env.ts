// Imported first by server.ts: React picks its development or production build when first imported,
// so `npm start` must say "production" before anything that imports React is evaluated.

// The end-to-end tests' movable clock (decision 044) on a server started as production is a mistake to
// stop at once. The production default below is every built server's, the e2e one's too, so only a
// NODE_ENV given by whoever started the server counts; loadConfig refuses non-local addresses.
if (process.env.E2E_TEST_CLOCK === "true" && process.env.NODE_ENV === "production") {
  console.error(
    "E2E_TEST_CLOCK is only for the end-to-end tests' own server: refused with NODE_ENV=production",
  );
  process.exit(1);
}
if (!process.argv.includes("--dev")) process.env.NODE_ENV ??= "production";

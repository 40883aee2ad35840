// Imported first by server.ts: React picks its development or production build when first imported,
// so `npm start` must say "production" before anything that imports React is evaluated.
if (!process.argv.includes("--dev")) process.env.NODE_ENV ??= "production";

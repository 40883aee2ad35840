// The child process of seed-demo-apart.ts: seeds the demo into the database the environment names,
// answers "seeded", then draws the listings' pictures as the server asks and exits when done.
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { limitImageMemory } from "../images/image-memory.ts";
import { openStorage } from "../storage/open-storage.ts";
import { DEMO_SEED_VERSION, markDemoSeeded } from "./demo-seed-version.ts";
import { seedDemo } from "./seed-demo.ts";

export type ParentAsk =
  | { kind: "draw"; ask: number; key: string }
  | { kind: "draw-missing"; concurrency: number }
  | { kind: "stop" };
export type ChildAnswer =
  | { kind: "seeded"; pictures: boolean }
  | { kind: "drawn"; ask: number; drawn: boolean };

const answer = (message: ChildAnswer) => process.send?.(message);

async function main() {
  limitImageMemory();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const pictures = await seedDemo(config, { database, storage: await openStorage(config) });
  const version = process.env[DEMO_SEED_VERSION];
  const done = async (complete: boolean) => {
    // Marked only once every row and picture is in: a seeding stopped half-way runs again next start.
    if (complete && version) await markDemoSeeded(database, version, new Date());
    await database.close();
    process.disconnect?.();
  };
  if (!pictures) {
    answer({ kind: "seeded", pictures: false });
    return done(true);
  }
  process.on("message", (ask: ParentAsk) => {
    if (ask.kind === "draw")
      void pictures.draw(ask.key).then(
        (drawn) => answer({ kind: "drawn", ask: ask.ask, drawn }),
        () => answer({ kind: "drawn", ask: ask.ask, drawn: false }),
      );
    else if (ask.kind === "stop") pictures.stop();
    else
      void pictures
        .drawMissing({ concurrency: ask.concurrency })
        .then(
          (summary) => summary.complete,
          (error: unknown) => {
            console.error("Drawing the demo listings' pictures failed", error);
            return false;
          },
        )
        .then(done);
  });
  // The server goes on only after this: the rows are in.
  answer({ kind: "seeded", pictures: true });
  // The server going away ends the drawing too.
  process.on("disconnect", () => pictures.stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

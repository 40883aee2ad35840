import { fork } from "node:child_process";
import { join } from "node:path";
import type { Config } from "../config.ts";
import { DATASETS } from "../data-version/data-version.ts";
import type { Database } from "../db/database.ts";
import type { DemoPictures } from "../media/media.service.ts";
import { DEMO_SEED_VERSION, demoSeeded, demoSeedVersion } from "./demo-seed-version.ts";
import type { ChildAnswer, ParentAsk } from "./seed-demo-child.ts";

/**
 * Seeds the demo in a child process and lets it draw the listings' pictures there (decision 037): the
 * generators, the 2,100 generated buyers, the PDFs and the image work never enter the server's own
 * memory, which after a first start is then what a start on a seeded database holds. The child exits
 * when every picture is drawn (or on `stop`); until then a picture asked for before its turn is drawn
 * by the child at once, as the in-process seeding did.
 */
export async function seedDemoApart(database: Database, config: Config): Promise<DemoPictures | undefined> {
  // A restart on a database whose demo is complete (rows and pictures) starts no process at all.
  const version = demoSeedVersion(config);
  if (await demoSeeded(database, version)) return undefined;
  const child = fork(join(import.meta.dirname, "seed-demo-child.ts"), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, [DEMO_SEED_VERSION]: version },
  });
  let alive = true;
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      alive = false;
      resolve(code);
    });
  });
  const answers = new Map<number, (drawn: boolean) => void>();
  let asked = 0;
  const seeded = await new Promise<boolean>((resolve, reject) => {
    child.on("message", (answer: ChildAnswer) => {
      if (answer.kind === "seeded") resolve(answer.pictures);
      else if (answer.kind === "drawn") {
        answers.get(answer.ask)?.(answer.drawn);
        answers.delete(answer.ask);
      }
    });
    void exited.then((code) => {
      for (const answer of answers.values()) answer(false);
      reject(new Error(`Seeding the demo failed (the seeding process ended with ${code})`));
    });
  });
  // The child wrote the rows: whatever this process may have read before is out of date.
  database.dataVersion.publish(DATASETS.map((dataset) => ({ dataset, ids: [], all: true })));
  if (!seeded) return undefined;
  const ask = (message: ParentAsk) => {
    if (alive) child.send(message);
  };
  return {
    draw(key) {
      if (!alive) return Promise.resolve(false);
      const id = ++asked;
      return new Promise<boolean>((resolve) => {
        answers.set(id, resolve);
        ask({ kind: "draw", ask: id, key });
      });
    },
    async drawMissing(options) {
      ask({ kind: "draw-missing", concurrency: options?.concurrency ?? 1 });
      await exited;
    },
    stop() {
      ask({ kind: "stop" });
    },
  };
}

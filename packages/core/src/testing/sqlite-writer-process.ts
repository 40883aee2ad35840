/**
 * A second process on a test's SQLite file (node sqlite-writer-process.ts DATA_DIR MILLISECONDS): it
 * runs transactions that read, pause and then write, as a service's transaction does, until the time
 * is up, and prints how many it committed.
 */
import { openDatabase } from "../db/database.ts";
import { readThenWrite } from "./read-then-write.ts";

const [dataDir, milliseconds] = process.argv.slice(2);
const database = openDatabase({ dataDir });
const until = Date.now() + Number(milliseconds);
let committed = 0;
while (Date.now() < until) {
  await readThenWrite(database, "second process");
  committed += 1;
}
await database.close();
process.stdout.write(String(committed));

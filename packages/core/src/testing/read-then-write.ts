import type { Database } from "../db/database.ts";

/** One transaction that reads, lets other work run, and then writes what it read. */
export async function readThenWrite(database: Database, searchText: string): Promise<void> {
  await database.transaction(async (trx) => {
    const seen = await trx
      .selectFrom("deal_web_searches")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 1));
    await trx
      .insertInto("deal_web_searches")
      .values({
        searchText: `${searchText} after ${seen.n}`,
        userId: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
  });
}

import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { insertTestAccount } from "../testing/test-accounts.ts";
import { testEngines } from "../testing/test-cores.ts";
import { testDatabase } from "../testing/test-database.ts";

const received = (name: string, text: string) => {
  const bytes = Buffer.from(text);
  return { name, size: bytes.byteLength, open: () => Readable.from([bytes]) };
};

describe.each(testEngines())("secure files ($name)", (engine) => {
  let core: Core;

  beforeAll(async () => {
    core = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
  });
  afterAll(() => core.close());

  it("keeps secure files for their sender and staff, and mails staff", async () => {
    const admin = core.sessions.sessionUser(
      await insertTestAccount(core, { password: "Staff123!", isAdmin: true }),
    );
    const buyer = core.sessions.sessionUser(await insertTestAccount(core, { password: "Buyer123!" }));
    const outsider = core.sessions.sessionUser(await insertTestAccount(core, { password: "Buyer123!" }));
    const file = await core.secureFiles.add(buyer, received("Lease schedule.csv", "lease,acres\nA,40\n"));
    expect((await core.secureFiles.mine(buyer)).map((f) => f.id)).toContain(file.id);
    expect((await core.secureFiles.mine(outsider)).map((f) => f.id)).not.toContain(file.id);
    expect((await core.secureFiles.all(admin)).find((f) => f.id === file.id)?.senderEmail).toBe(buyer.email);
    await expect(core.secureFiles.file(outsider, file.id)).rejects.toMatchObject({ status: 404 });
    expect((await core.secureFiles.file(admin, file.id)).file.name).toBe("Lease schedule.csv");
    const mail = await testDatabase(core)
      .db.selectFrom("mail_outbox")
      .selectAll()
      .where("subject", "like", "New secure file%")
      .execute();
    expect(mail.map((m) => m.subject)).toContain(`New secure file from ${buyer.name}: Lease schedule.csv`);
  });
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { testEngines } from "../testing/test-cores.ts";

// The demo accounts' passwords are printed in the README: a deployment reached at a real address
// must not get them, while `npm start` on a laptop (PUBLIC_URL on localhost) still does.
describe.each(testEngines())("demo accounts on $name", (engine) => {
  const cores: Core[] = [];
  afterAll(async () => {
    for (const core of cores) await core.close();
  });
  const create = async (env: Record<string, string>) => {
    const core = await engine.create(env);
    cores.push(core);
    return core;
  };

  it("are not created for a deployment at a real address, which still gets the demo deals", async () => {
    const core = await create({ PUBLIC_URL: "https://deals.firm.test" });
    expect(await core.listings.count()).toBeGreaterThan(200);
    expect(await core.accounts.count()).toBe(0);
    expect(await core.accounts.findUserByEmail("admin@anticline.test")).toBeUndefined();
    expect(core.withoutAccounts).toBe(true);
    const login = await core.logins.login("admin@anticline.test", "Admin123!", false);
    expect(login.status).toBe("unknown-email");
  });

  it("are created there when SEED_DEMO_ACCOUNTS=true says so", async () => {
    const core = await create({ PUBLIC_URL: "https://deals.firm.test", SEED_DEMO_ACCOUNTS: "true" });
    expect(core.withoutAccounts).toBe(false);
    const login = await core.logins.login("admin@anticline.test", "Admin123!", false);
    expect(login.status === "ok" && login.user.isAdmin).toBe(true);
  });

  it("are created for a local demo by default", async () => {
    const core = await create({ PUBLIC_URL: "http://localhost:3000" });
    expect(await core.accounts.count()).toBe(7);
    expect(core.withoutAccounts).toBe(false);
  });
});

describe.each(testEngines())("demo data rooms on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create({ PUBLIC_URL: "http://localhost:3000" });
  });
  afterAll(() => core.close());

  const sessionOf = async (email: string) => {
    const login = await core.logins.login(email, "Buyer123!", false);
    if (login.status !== "ok") throw new Error(`demo login of ${email}: ${login.status}`);
    return login.user;
  };

  it("the private buyer signed exactly one granted private listing, with a real signed PDF", async () => {
    const buyer = await sessionOf("private.buyer@anticline.test");
    const granted = await core.dataRoomAccess.dataRoomListingIds(buyer.id);
    expect(granted).toHaveLength(1);
    const [listingId] = granted as [number];
    const listing = await core.listings.findById(listingId);
    expect(listing?.isPrivate).toBe(true);
    expect(buyer.privateListingIds).toContain(listingId);
    expect(await core.dataRoomAccess.step(buyer, listing as NonNullable<typeof listing>)).toBe("open");
    const signed = await core.agreements.signedPdf(buyer, listingId);
    const stream = await signed?.file.open();
    if (!stream) throw new Error("no signed PDF for the private buyer");
    const text = await pdfText(await buffer(stream));
    expect(text).toContain("Priya Castellanos");
    expect(text).toContain("Caprock Minerals LLC");
    expect(text).toContain(signed?.agreement.agreementSha256);
    expect([...(await core.agreements.signedCounts()).values()].reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("the plain buyer has no grants and nothing signed; the demo trail fills the Mgmt Dash", async () => {
    const buyer = await sessionOf("buyer@anticline.test");
    expect(await core.dataRoomAccess.dataRoomListingIds(buyer.id)).toEqual([]);
    expect(buyer.privateListingIds).toEqual([]);
    const rooms = await core.dataRoomActivity.dashboard();
    expect(rooms.length).toBeGreaterThanOrEqual(2);
    const signedRoom = rooms.find((r) => r.signedCAs === 1);
    expect(signedRoom).toMatchObject({ visitors: 1 });
    expect(signedRoom?.downloads).toBeGreaterThan(0);
    expect(signedRoom?.weekly.filter((w) => w.events > 0).length).toBeGreaterThan(3);
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "aea-demo-ca-")), "signed.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/\s+/g, " ");
}

import { afterAll, describe, expect, it } from "vitest";
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
    const login = await core.accounts.login("admin@anticline.test", "Admin123!", false);
    expect(login.status).toBe("unknown-email");
  });

  it("are created there when SEED_DEMO_ACCOUNTS=true says so", async () => {
    const core = await create({ PUBLIC_URL: "https://deals.firm.test", SEED_DEMO_ACCOUNTS: "true" });
    expect(core.withoutAccounts).toBe(false);
    const login = await core.accounts.login("admin@anticline.test", "Admin123!", false);
    expect(login.status === "ok" && login.user.isAdmin).toBe(true);
  });

  it("are created for a local demo by default", async () => {
    const core = await create({ PUBLIC_URL: "http://localhost:3000" });
    expect(await core.accounts.count()).toBe(7);
    expect(core.withoutAccounts).toBe(false);
  });
});

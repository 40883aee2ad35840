import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { testEngines } from "../testing/test-cores.ts";

describe.each(testEngines())("profiles on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    // The tests log in as the README's demo accounts, which a non-local PUBLIC_URL does not get by default.
    core = await engine.create({ PUBLIC_URL: "http://aea.test", SEED_DEMO_ACCOUNTS: "true" });
  });
  afterAll(async () => {
    await core.close();
  });

  it("saves a buyer's own profile, and refuses a change made while staff view the site as them", async () => {
    const buyer = await core.accounts.findUserByEmail("buyer@anticline.test");
    const me = core.sessions.sessionUser(buyer!);
    const profile = (await core.profiles.profile(buyer!.id))!;
    await core.profiles.updateProfile(me, { ...profile, companyName: "Permian Partners" });
    expect((await core.profiles.profile(buyer!.id))?.companyName).toBe("Permian Partners");
    const view = core.sessions.sessionUser(buyer!, 1);
    await expect(core.profiles.updateProfile(view, profile)).rejects.toMatchObject({ status: 403 });
    expect((await core.profiles.profile(buyer!.id))?.companyName).toBe("Permian Partners");
  });

  it("saves a buyer's deal interests", async () => {
    const buyer = await core.accounts.findUserByEmail("buyer@anticline.test");
    const me = core.sessions.sessionUser(buyer!);
    await core.profiles.saveInterests(me, {
      ...(await core.profiles.interests(buyer!.id)),
      buy_minerals: true,
      selectedRegions: ["Permian"],
    });
    expect((await core.profiles.interests(buyer!.id)).buy_minerals).toBe(true);
  });
});

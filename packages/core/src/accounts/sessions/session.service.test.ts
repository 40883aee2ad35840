import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../clock.ts";
import type { Core } from "../../core.ts";
import { KIT_PASSWORD as PASSWORD, testAccountKit } from "../../testing/test-account-kit.ts";
import { testEngines } from "../../testing/test-cores.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testEngines())("session lifetimes on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock();

  beforeAll(async () => {
    // No SMTP_URL: mail waits in the outbox, where the tests read the links.
    core = await engine.create({ PUBLIC_URL: "http://aea.test" }, { clock });
  });
  afterAll(async () => {
    await core.close();
  });

  const { newAccount, loginToken } = testAccountKit(() => core);

  it("a browser session ends after 2 hours without a request", async () => {
    const user = await newAccount();
    const token = await loginToken(user.email);
    clock.advance(2 * HOUR - MINUTE);
    expect((await core.sessions.resolveSession(token))?.id).toBe(user.id);
    clock.advance(2 * HOUR - MINUTE);
    expect((await core.sessions.resolveSession(token))?.id).toBe(user.id);
    clock.advance(2 * HOUR + MINUTE);
    expect(await core.sessions.resolveSession(token)).toBeUndefined();
  });

  it("a browser session ends 12 hours after login however active it is", async () => {
    const user = await newAccount();
    const token = await loginToken(user.email);
    for (let hour = 1; hour < 12; hour++) {
      clock.advance(HOUR);
      expect((await core.sessions.resolveSession(token))?.id).toBe(user.id);
    }
    clock.advance(HOUR - MINUTE);
    expect((await core.sessions.resolveSession(token))?.id).toBe(user.id);
    clock.advance(MINUTE);
    expect(await core.sessions.resolveSession(token)).toBeUndefined();
  });

  it("a remember-me session survives idle days and ends after 365 days", async () => {
    const user = await newAccount();
    const token = await loginToken(user.email, PASSWORD, true);
    clock.advance(364 * DAY);
    expect((await core.sessions.resolveSession(token))?.id).toBe(user.id);
    clock.advance(DAY);
    expect(await core.sessions.resolveSession(token)).toBeUndefined();
  });
});

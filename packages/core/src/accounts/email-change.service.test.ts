import { EMAIL_ALREADY_REGISTERED, INCORRECT_PASSWORD } from "@aea/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import type { Core } from "../core.ts";
import { KIT_PASSWORD as PASSWORD, testAccountKit } from "../testing/test-account-kit.ts";
import { testEngines } from "../testing/test-cores.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testEngines())("email changes on $name", (engine) => {
  let core: Core;
  const clock = new ManualClock();
  let serial = 0;

  beforeAll(async () => {
    // No SMTP_URL: mail waits in the outbox, where the tests read the links.
    core = await engine.create({ PUBLIC_URL: "http://aea.test" }, { clock });
  });
  afterAll(async () => {
    await core.close();
  });

  const { newAccount, loginToken, mailsTo, linkToken } = testAccountKit(() => core);

  const actor = (userId: number, sessionToken: string) => ({ userId, sessionToken });

  it("moves the account only when the link mailed to the new address is followed, telling the old address", async () => {
    const user = await newAccount();
    const token = await loginToken(user.email);
    const newEmail = `moved${++serial}.${engine.name}@example.test`;
    await core.emailChange.requestEmailChange(actor(user.id, token), { userId: user.id, newEmail });

    // Nothing changed yet: old email, still verified, still logs in.
    expect(await core.accounts.findUser(user.id)).toMatchObject({ email: user.email, verified: true });
    expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("ok");
    const notice = (await mailsTo(user.email)).find((m) => m.subject.includes("change of your"));
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain("token=");

    const link = await linkToken(newEmail, "/verify-user");
    clock.advance(48 * HOUR - MINUTE);
    // Reading the link (what opening it does) says what it asks and changes nothing, however often.
    for (let i = 0; i < 3; i++)
      expect(await core.signUp.mailedLink(link)).toEqual({ purpose: "email-change", newEmail });
    expect((await core.accounts.findUser(user.id))?.email).toBe(user.email);
    expect(await core.signUp.verifyUser(link)).toBe(false);
    expect(await core.emailChange.confirmEmailChange(link)).toEqual({ status: "changed", email: newEmail });
    expect(await core.emailChange.confirmEmailChange(link)).toEqual({ status: "invalid" });
    expect(await core.signUp.mailedLink(link)).toEqual({ purpose: "invalid" });
    expect(await core.accounts.findUser(user.id)).toMatchObject({ email: newEmail, verified: true });
    expect((await mailsTo(user.email)).some((m) => m.subject.includes("email was changed"))).toBe(true);
    expect((await core.logins.login(newEmail, PASSWORD, false)).status).toBe("ok");
    expect((await core.logins.login(user.email, PASSWORD, false)).status).toBe("unknown-email");
  });

  it("an email-change link expires after 48 hours, and fails if the address was taken meanwhile", async () => {
    const user = await newAccount();
    const token = await loginToken(user.email);
    const late = `late${++serial}.${engine.name}@example.test`;
    await core.emailChange.requestEmailChange(actor(user.id, token), { userId: user.id, newEmail: late });
    const lateLink = await linkToken(late, "/verify-user");
    clock.advance(48 * HOUR);
    expect(await core.emailChange.confirmEmailChange(lateLink)).toEqual({ status: "invalid" });

    const fresh = await loginToken(user.email);
    const taken = `taken${++serial}.${engine.name}@example.test`;
    await core.emailChange.requestEmailChange(actor(user.id, fresh), { userId: user.id, newEmail: taken });
    await newAccount({ email: taken });
    expect(await core.emailChange.confirmEmailChange(await linkToken(taken, "/verify-user"))).toEqual({
      status: "email-taken",
    });
    expect((await core.accounts.findUser(user.id))?.email).toBe(user.email);
  });

  it("needs the asker's fresh login or password, an admin's own for another user's email", async () => {
    const admin = await newAccount({ isAdmin: true });
    const buyer = await newAccount();
    const token = await loginToken(admin.email);
    clock.advance(11 * MINUTE);
    const change = { userId: buyer.id, newEmail: `renamed${++serial}.${engine.name}@example.test` };
    await expect(core.emailChange.requestEmailChange(actor(admin.id, token), change)).rejects.toMatchObject({
      status: 403,
      code: "REAUTHENTICATE",
    });
    await expect(
      core.emailChange.requestEmailChange(actor(admin.id, token), { ...change, currentPassword: "Nope2030" }),
    ).rejects.toMatchObject({ status: 403, code: "INCORRECT_PASSWORD", message: INCORRECT_PASSWORD });
    await expect(
      core.emailChange.requestEmailChange(actor(admin.id, token), {
        userId: buyer.id,
        newEmail: admin.email,
        currentPassword: PASSWORD,
      }),
    ).rejects.toMatchObject({ status: 409, code: "EMAIL_TAKEN", message: EMAIL_ALREADY_REGISTERED });
    expect(await mailsTo(change.newEmail)).toHaveLength(0);
    await core.emailChange.requestEmailChange(actor(admin.id, token), {
      ...change,
      currentPassword: PASSWORD,
    });
    expect(await mailsTo(change.newEmail)).toHaveLength(1);
    expect((await core.accounts.findUser(buyer.id))?.email).toBe(buyer.email);
  });
});

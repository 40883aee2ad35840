import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { linkIn, startSmtpListener } from "../testing/smtp-listener.ts";
import { testEngines } from "../testing/test-cores.ts";

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe.each(testEngines())("forgotten passwords on $name", (engine) => {
  let core: Core;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    core = await engine.create({
      SMTP_URL: smtp.url,
      PUBLIC_URL: "http://aea.test",
      // The tests log in as the README's demo accounts, which a non-local PUBLIC_URL does not get by default.
      SEED_DEMO_ACCOUNTS: "true",
    });
  });
  afterAll(async () => {
    await core.close();
    await smtp.close();
  });

  it("resets a password with a mailed single-use link, logging out everywhere and confirming by mail", async () => {
    const before = await core.logins.login("private.buyer@anticline.test", "Buyer123!", true);
    expect(before.status).toBe("ok");
    expect(await core.passwords.sendResetPasswordEmail("nobody@anticline.test")).toBe(false);
    expect(await core.passwords.sendResetPasswordEmail("private.buyer@anticline.test")).toBe(true);
    await waitFor(() => smtp.mails.some((m) => m.text.includes("/reset-password?token=")));
    const mail = smtp.mails.findLast((m) => m.text.includes("/reset-password?token="))!;
    const token =
      new URL(linkIn(mail, "http://aea.test/reset-password?token=")).searchParams.get("token") ?? "";
    expect(await core.passwords.resetPassword(token, "NewPass9")).toBe(true);
    expect(await core.passwords.resetPassword(token, "Another9")).toBe(false);
    if (before.status === "ok") expect(await core.sessions.resolveSession(before.token)).toBeUndefined();
    expect((await core.logins.login("private.buyer@anticline.test", "Buyer123!", false)).status).toBe(
      "incorrect-password",
    );
    expect((await core.logins.login("private.buyer@anticline.test", "NewPass9", false)).status).toBe("ok");
    await waitFor(() => smtp.mails.some((m) => m.raw.includes("password was changed")));
  });
});

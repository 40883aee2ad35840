import { describe, expect, it } from "vitest";
import { linkIn } from "../testing/smtp-listener.ts";
import { mailingCoreForSuite } from "../testing/test-account-kit.ts";
import { testEngines } from "../testing/test-cores.ts";

describe.each(testEngines())("forgotten passwords on $name", (engine) => {
  const mailing = mailingCoreForSuite(engine);
  const { smtp, mailArrives } = mailing;

  it("resets a password with a mailed single-use link, logging out everywhere and confirming by mail", async () => {
    const before = await mailing.core.logins.login("private.buyer@anticline.test", "Buyer123!", true);
    expect(before.status).toBe("ok");
    expect(await mailing.core.passwords.sendResetPasswordEmail("nobody@anticline.test")).toBe(false);
    expect(await mailing.core.passwords.sendResetPasswordEmail("private.buyer@anticline.test")).toBe(true);
    await mailArrives(() => smtp.mails.some((m) => m.text.includes("/reset-password?token=")));
    const mail = smtp.mails.findLast((m) => m.text.includes("/reset-password?token="))!;
    const token =
      new URL(linkIn(mail, "http://aea.test/reset-password?token=")).searchParams.get("token") ?? "";
    expect(await mailing.core.passwords.resetPassword(token, "NewPass9")).toBe(true);
    expect(await mailing.core.passwords.resetPassword(token, "Another9")).toBe(false);
    if (before.status === "ok")
      expect(await mailing.core.sessions.resolveSession(before.token)).toBeUndefined();
    expect((await mailing.core.logins.login("private.buyer@anticline.test", "Buyer123!", false)).status).toBe(
      "incorrect-password",
    );
    expect((await mailing.core.logins.login("private.buyer@anticline.test", "NewPass9", false)).status).toBe(
      "ok",
    );
    await mailArrives(() => smtp.mails.some((m) => m.raw.includes("password was changed")));
  });
});

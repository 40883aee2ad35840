import { describe, expect, it } from "vitest";
import { linkIn } from "../testing/smtp-listener.ts";
import { mailingCoreForSuite } from "../testing/test-account-kit.ts";
import { testEngines } from "../testing/test-cores.ts";

describe.each(testEngines())("sign-up and verification on $name", (engine) => {
  const mailing = mailingCoreForSuite(engine);
  const { smtp, mailArrives } = mailing;

  it("signs up, mails a single-use verification link over SMTP, and verifies", async () => {
    const email = `new.buyer.${engine.name}@example.test`;
    const signup = await mailing.core.signUp.signup({
      firstName: "Nina",
      lastName: "Okafor",
      email,
      password: "Drill2026",
      confirmPassword: "Drill2026",
    });
    expect(signup.status).toBe("created");
    expect(await mailing.core.signUp.emailAvailable(email)).toBe(false);
    expect((await mailing.core.logins.login(email, "Drill2026", false)).status).toBe("not-verified");
    await mailArrives(() => smtp.mails.some((m) => m.to.includes(email)));
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.text).toContain("Anticline Energy Advisors");
    const token =
      new URL(linkIn(mail!, "http://aea.test/verify-user?token=")).searchParams.get("token") ?? "";
    expect(await mailing.core.signUp.verifyUser(token)).toBe(true);
    expect(await mailing.core.signUp.verifyUser(token)).toBe(false);
    expect((await mailing.core.logins.login(email, "Drill2026", false)).status).toBe("ok");
    expect(
      (
        await mailing.core.signUp.signup({
          firstName: "A",
          lastName: "B",
          email,
          password: "x1x1x1x",
          confirmPassword: "x1x1x1x",
        })
      ).status,
    ).toBe("email-taken");
  });

  it("keeps the outbox of every message sent", async () => {
    const outbox = await mailing.core.outbox.messages();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every((m) => m.delivery === "smtp" && m.error === null)).toBe(true);
  });
});

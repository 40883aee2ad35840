import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { linkIn, startSmtpListener } from "../testing/smtp-listener.ts";
import { testEngines } from "../testing/test-cores.ts";

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe.each(testEngines())("sign-up and verification on $name", (engine) => {
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

  it("signs up, mails a single-use verification link over SMTP, and verifies", async () => {
    const email = `new.buyer.${engine.name}@example.test`;
    const signup = await core.signUp.signup({
      firstName: "Nina",
      lastName: "Okafor",
      email,
      password: "Drill2026",
      confirmPassword: "Drill2026",
    });
    expect(signup.status).toBe("created");
    expect(await core.signUp.emailAvailable(email)).toBe(false);
    expect((await core.logins.login(email, "Drill2026", false)).status).toBe("not-verified");
    await waitFor(() => smtp.mails.some((m) => m.to.includes(email)));
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.text).toContain("Anticline Energy Advisors");
    const token =
      new URL(linkIn(mail!, "http://aea.test/verify-user?token=")).searchParams.get("token") ?? "";
    expect(await core.signUp.verifyUser(token)).toBe(true);
    expect(await core.signUp.verifyUser(token)).toBe(false);
    expect((await core.logins.login(email, "Drill2026", false)).status).toBe("ok");
    expect(
      (
        await core.signUp.signup({
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
    const outbox = await core.outbox.messages();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every((m) => m.delivery === "smtp" && m.error === null)).toBe(true);
  });
});

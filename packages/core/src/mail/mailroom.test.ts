import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { linkIn, startSmtpListener } from "../testing/smtp-listener.ts";
import { testEngines } from "../testing/test-cores.ts";
import { REDACTED_TOKEN, redactLinkTokens } from "./mailroom.ts";

const PUBLIC_URL = "https://deals.firm.test";
const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

const signup = (core: Core, email: string) =>
  core.signUp.signup({
    firstName: "Olive",
    lastName: "Outbox",
    email,
    password: "Secret-123",
    confirmPassword: "Secret-123",
  });

describe("redactLinkTokens", () => {
  it("blanks the token of every link in text and HTML, and nothing else", () => {
    const text = `Verify: ${PUBLIC_URL}/verify-user?token=abc-DEF_123%3D\n${PUBLIC_URL}/x?a=1&token=zz9 ok`;
    expect(redactLinkTokens(text)).toBe(
      `Verify: ${PUBLIC_URL}/verify-user?token=${REDACTED_TOKEN}\n${PUBLIC_URL}/x?a=1&token=${REDACTED_TOKEN} ok`,
    );
    const html = `<a href="${PUBLIC_URL}/reset-password?lang=en&amp;token=s3cret">${PUBLIC_URL}/reset-password?token=s3cret</a>`;
    expect(redactLinkTokens(html)).not.toContain("s3cret");
    expect(redactLinkTokens("Your token= is not a link")).toBe("Your token= is not a link");
  });
});

// Staff read the outbox: with real delivery (SMTP_URL) it must not hand them, or anyone reading the
// database, a live verification or reset link of another account.
describe.each(testEngines())("the outbox on $name", (engine) => {
  describe("with SMTP_URL set", () => {
    let core: Core;
    let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
    beforeAll(async () => {
      smtp = await startSmtpListener();
      core = await engine.create({ SMTP_URL: smtp.url, PUBLIC_URL, SEED_DEMO: "false" });
    });
    afterAll(async () => {
      await core.close();
      await smtp.close();
    });

    it("mails a working verification link but keeps only a redacted copy", async () => {
      await signup(core, "olive@firm.test");
      await waitFor(() => smtp.mails.some((m) => m.to.includes("olive@firm.test")));
      const delivered = smtp.mails.find((m) => m.to.includes("olive@firm.test"));
      if (!delivered) throw new Error("no mail delivered");
      const token = tokenOf(linkIn(delivered, `${PUBLIC_URL}/verify-user?token=`));

      const [copy] = await core.outbox.messages(1);
      expect(copy).toMatchObject({ to: "olive@firm.test", delivery: "smtp" });
      for (const body of [copy.text, copy.html ?? ""]) {
        expect(body).not.toContain(token);
        expect(body).toContain(`/verify-user?token=${REDACTED_TOKEN}`);
      }
      expect(await core.signUp.verifyUser(token)).toBe(true);
    });

    it("mails a working reset link but keeps only a redacted copy", async () => {
      smtp.mails.length = 0;
      expect(await core.passwords.sendResetPasswordEmail("olive@firm.test")).toBe(true);
      await waitFor(() => smtp.mails.length === 1);
      const token = tokenOf(linkIn(smtp.mails[0], `${PUBLIC_URL}/reset-password?token=`));

      const [copy] = await core.outbox.messages(1);
      expect(copy.subject).toMatch(/Reset your .* password/);
      expect(`${copy.text}${copy.html}`).not.toContain(token);
      expect(copy.text).toContain(`/reset-password?token=${REDACTED_TOKEN}`);
      expect(await core.passwords.resetPassword(token, "Renewed-456")).toBe(true);
      expect((await core.logins.login("olive@firm.test", "Renewed-456", false)).status).toBe("ok");
    });
  });

  describe("without SMTP_URL (a local demo)", () => {
    let core: Core;
    beforeAll(async () => {
      core = await engine.create({ PUBLIC_URL, SEED_DEMO: "false" });
    });
    afterAll(() => core.close());

    it("keeps the working link, since the outbox is where the demo reads its mail", async () => {
      await signup(core, "demo.buyer@firm.test");
      const [copy] = await core.outbox.messages(1);
      expect(copy.delivery).toBe("outbox");
      const link = /https:\/\/deals\.firm\.test\/verify-user\?token=[\w%-]+/.exec(copy.text)?.[0] ?? "";
      expect(tokenOf(link)).not.toBe(REDACTED_TOKEN);
      expect(await core.signUp.verifyUser(tokenOf(link))).toBe(true);
    });
  });
});

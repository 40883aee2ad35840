import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { linkIn, startSmtpListener } from "../testing/smtp-listener.ts";
import { testEngines } from "../testing/test-cores.ts";
import { ACCOUNT_LIMITS } from "./account-limits.ts";

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe.each(testEngines())("accounts on $name", (engine) => {
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

  it("logs in a verified buyer and resolves the session cookie to the user", async () => {
    const result = await core.logins.login("Buyer@Anticline.test", "Buyer123!", false);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.user).toMatchObject({
      email: "buyer@anticline.test",
      name: "Ben Whitaker",
      isAdmin: false,
    });
    const user = await core.sessions.resolveSession(result.token);
    expect(user?.id).toBe(result.user.id);
    await core.sessions.endSession(result.token, user?.id);
    expect(await core.sessions.resolveSession(result.token)).toBeUndefined();
  });

  it("answers each failure as the spec distinguishes them", async () => {
    expect((await core.logins.login("buyer@anticline.test", "wrong-1", false)).status).toBe(
      "incorrect-password",
    );
    expect((await core.logins.login("nobody@anticline.test", "whatever1", false)).status).toBe(
      "unknown-email",
    );
    expect((await core.logins.login("pending@anticline.test", "Buyer123!", false)).status).toBe(
      "not-verified",
    );
    // An unverified account is not revealed to someone without its password.
    expect((await core.logins.login("pending@anticline.test", "nope-1", false)).status).toBe(
      "incorrect-password",
    );
  });

  it("marks management users from MANAGEMENT_EMAILS", async () => {
    const result = await core.logins.login("mgmt2@anticline.test", "Mgmt123!", false);
    expect(result.status === "ok" && result.user.isManagement).toBe(true);
  });

  it("locks an account for 10 minutes after 10 failed logins, even for the right password", async () => {
    for (let i = 1; i < ACCOUNT_LIMITS.lockAfterFailures; i++) {
      expect((await core.logins.login("admin@anticline.test", `bad-${i}`, false)).status).toBe(
        "incorrect-password",
      );
    }
    const tenth = await core.logins.login("admin@anticline.test", "bad-10", false);
    expect(tenth.status).toBe("locked");
    const right = await core.logins.login("admin@anticline.test", "Admin123!", false);
    expect(right.status).toBe("locked");
    if (right.status === "locked") {
      const minutes = (Date.parse(right.until) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9.5);
      expect(minutes).toBeLessThanOrEqual(10);
    }
  });

  it("takes about as long to reject an unknown email as a wrong password", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) await core.logins.login(email, "not-the-password-1", false);
      return performance.now() - started;
    };
    await time("nobody@anticline.test");
    const unknown = await time("nobody@anticline.test");
    const known = await time("mgmt3@anticline.test");
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
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

  it("keeps the outbox of every message sent", async () => {
    const outbox = await core.outbox.messages();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.every((m) => m.delivery === "smtp" && m.error === null)).toBe(true);
  });

  it("saves interests and liked deals", async () => {
    const buyer = await core.accounts.findUserByEmail("buyer@anticline.test");
    const [deal] = await core.listings.publicListings();
    const me = core.sessions.sessionUser(buyer!);
    await core.profiles.saveInterests(me, {
      ...(await core.profiles.interests(buyer!.id)),
      buy_minerals: true,
      selectedRegions: ["Permian"],
    });
    expect((await core.profiles.interests(buyer!.id)).buy_minerals).toBe(true);
    await core.likes.setLiked(me, deal.ListingId, true);
    await core.likes.setLiked(me, deal.ListingId, true);
    expect(await core.likes.likedListingIds(buyer!.id)).toEqual([deal.ListingId]);
    await core.likes.setLiked(me, deal.ListingId, false);
    expect(await core.likes.likedListingIds(buyer!.id)).toEqual([]);
  });
});

import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../core.ts";
import { testEngines } from "../testing/test-cores.ts";

const script = resolve(import.meta.dirname, "../../../../scripts/create-admin.ts");
const run = promisify(execFile);

// `npm run create-admin -- email` is how a real deployment (no demo accounts) gets its first admin.
describe.each(testEngines())("npm run create-admin on $name", (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await engine.create({ PUBLIC_URL: "https://deals.firm.test", SEED_DEMO: "false" });
  });
  afterAll(() => core.close());

  /** Runs the script as `npm run` does, against the database of `core`, outside the repository's .env. */
  const createAdmin = (...args: string[]) =>
    run(process.execPath, [script, ...args], {
      cwd: mkdtempSync(join(tmpdir(), "aea-create-admin-")),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: core.config.dataDir,
        ...(core.config.databaseUrl ? { DATABASE_URL: core.config.databaseUrl } : {}),
        PUBLIC_URL: core.config.publicUrl,
        LOG_LEVEL: "silent",
      },
    });
  const linkIn = (stdout: string) => {
    const link = /https:\/\/deals\.firm\.test\/reset-password\?token=[\w%-]+/.exec(stdout)?.[0];
    if (!link) throw new Error(`No set-password link in:\n${stdout}`);
    return new URL(link);
  };

  it("creates a verified administrator and prints a one-time link that sets its password", async () => {
    expect(await core.accounts.count()).toBe(0);
    const { stdout } = await createAdmin("First.Admin@Firm.test");
    expect(stdout).toContain("Created the administrator first.admin@firm.test");
    const token = linkIn(stdout).searchParams.get("token") ?? "";

    // The account exists but nobody knows a password that opens it.
    expect((await core.logins.login("first.admin@firm.test", "", false)).status).toBe("incorrect-password");
    expect(await core.passwords.resetPassword(token, "Chosen-Pass1")).toBe(true);
    const login = await core.logins.login("first.admin@firm.test", "Chosen-Pass1", false);
    expect(login.status).toBe("ok");
    expect(login.status === "ok" && login.user.isAdmin).toBe(true);
    // Once used, the link is spent.
    expect(await core.passwords.resetPassword(token, "Another-Pass2")).toBe(false);

    // Without SMTP_URL the same link waits in the outbox, addressed to the new admin.
    const mail = (await core.outbox.messages()).find((m) => m.subject.includes("You are an administrator"));
    expect(mail?.to).toBe("first.admin@firm.test");
    expect(mail?.text).toContain(token);
  });

  it("promotes an existing account, says so, and keeps its password", async () => {
    const signup = await core.signUp.signup({
      firstName: "Dana",
      lastName: "Buyer",
      email: "dana@firm.test",
      password: "Buyer-123",
      confirmPassword: "Buyer-123",
    });
    expect(signup.status).toBe("created");
    const { stdout } = await createAdmin("dana@firm.test");
    expect(stdout).toContain("dana@firm.test already had an account: it is now a verified administrator");
    expect(stdout).toMatch(/reset-password\?token=/);
    const login = await core.logins.login("dana@firm.test", "Buyer-123", false);
    expect(login.status === "ok" && login.user.isAdmin).toBe(true);
  });

  it("refuses an invalid address with a clear message, a failing exit code and no account", async () => {
    const before = await core.accounts.count();
    const failure = await createAdmin("not-an-email").then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('"not-an-email" is not a valid email address.');
    expect(failure?.stderr).toContain("Usage: npm run create-admin -- you@firm.com");
    expect(await core.accounts.count()).toBe(before);
  });
});

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import type { Core } from "@aea/core";
import { insertTestAccount, testDatabase, testEngines } from "@aea/core/testing";
import { afterEach, describe, expect, it } from "vitest";

const childScript = new URL("./testing/durability-server.ts", import.meta.url).pathname;
const password = "Durable2026!";

/** Starts the server in a child process on the core's database and waits until it listens. */
async function startServer(core: Core): Promise<{ child: ChildProcess; base: string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: core.config.dataDir,
    LOG_LEVEL: "silent",
    // The stream comes from one address; the limits are tested elsewhere.
    AUTH_RATE_LIMIT_PER_MINUTE: "10000",
  };
  if (core.config.databaseUrl) env.DATABASE_URL = core.config.databaseUrl;
  const child = spawn(process.execPath, [childScript], { env, stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  let listening = false;
  const ready = once(child.stdout as NodeJS.ReadableStream, "data") as Promise<[Buffer]>;
  const failedToStart = once(child, "exit").then(() => {
    if (!listening) throw new Error(`the server did not start: ${errors}`);
  });
  const [line] = (await Promise.race([ready, failedToStart])) as [Buffer];
  listening = true;
  const { port } = JSON.parse(line.toString()) as { port: number };
  return { child, base: `http://127.0.0.1:${port}` };
}

interface Acknowledged {
  signups: string[];
  likes: number[];
  inquiries: string[];
}

const countOf = (acknowledged: Acknowledged) =>
  acknowledged.signups.length + acknowledged.likes.length + acknowledged.inquiries.length;

/**
 * Sends sign-ups, likes and seller inquiries, several at a time, until `stop` says so; records in
 * `acknowledged` those the server answered with a 2xx. Requests cut off by the kill are not.
 */
async function writeStream(
  base: string,
  cookie: string,
  listingIds: number[],
  acknowledged: Acknowledged,
  stop: () => boolean,
): Promise<void> {
  const post = async (path: string, body?: object) => {
    try {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000" },
        body: body ? JSON.stringify(body) : undefined,
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  };
  let n = 0;
  const worker = async () => {
    while (!stop()) {
      const i = n++;
      if (i % 3 === 0) {
        const email = `durable-${i}@example.test`;
        const body = { firstName: "Dura", lastName: "Ble", email, password, confirmPassword: password };
        if (await post("/api/Auth/Signup", body)) acknowledged.signups.push(email);
      } else if (i % 3 === 1) {
        const listingId = listingIds[i % listingIds.length];
        if (await post(`/api/Advisors/LikeDeal?listingId=${listingId}&liked=true`))
          acknowledged.likes.push(listingId);
      } else {
        const marker = `durable inquiry ${i}`;
        const body = { firstName: "Sam", lastName: "Seller", email: "sam@example.test", description: marker };
        if (await post("/api/Seller/Contact", body)) acknowledged.inquiries.push(marker);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

// Issue 11: acknowledged writes survive the process being killed (SQLite: WAL with synchronous=FULL,
// docs/decisions/011-sqlite-durability.md).
describe.each(testEngines())("acknowledged writes survive SIGKILL on $name", (engine) => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  it("keeps every acknowledged sign-up, like and inquiry after a kill mid-stream and a restart", async () => {
    const setup = await engine.create({ SEED_DEMO_ACCOUNTS: "false" });
    const buyer = await insertTestAccount(setup, { email: "durable.buyer@example.test", password });
    const listingIds = (await setup.listings.publicListings()).map((l) => l.ListingId);
    expect(listingIds.length).toBeGreaterThan(0);
    await setup.close();

    const server = await startServer(setup);
    child = server.child;
    const login = await fetch(`${server.base}/api/Auth/Login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "durable.buyer@example.test", password, rememberMe: false }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];

    const acknowledged: Acknowledged = { signups: [], likes: [], inquiries: [] };
    let killed = false;
    const stream = writeStream(server.base, cookie, listingIds, acknowledged, () => killed);
    // Kill once a good number of writes were acknowledged, with more in flight.
    const deadline = Date.now() + 30_000;
    while (countOf(acknowledged) < 40 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    killed = true;
    await Promise.all([stream, exited]);
    expect(countOf(acknowledged), "writes acknowledged before the kill").toBeGreaterThanOrEqual(40);

    const restarted = await engine.reopen(setup);
    try {
      for (const email of acknowledged.signups) {
        expect(await restarted.accounts.findUserByEmail(email), email).toBeDefined();
      }
      const liked = await restarted.likes.likedListingIds(buyer.id);
      expect(liked).toEqual(expect.arrayContaining([...new Set(acknowledged.likes)]));
      const inquiries = await testDatabase(restarted).db.selectFrom("inquiries").selectAll().execute();
      const stored = JSON.stringify(inquiries);
      for (const marker of acknowledged.inquiries) expect(stored).toContain(marker);
    } finally {
      await restarted.close();
    }
  }, 90_000);
});

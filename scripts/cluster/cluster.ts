// Several instances of the built site behind nginx on PostgreSQL, Redis and the S3 stand-in: what
// `npm run cluster` starts and the cluster test runs against (README "Running several instances").
import { mkdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { type S3StandIn, startS3StandIn } from "@aea/core/testing";
import pg from "pg";
import { freePort, type Managed, run, startLogged, waitForOk } from "../bench/util.ts";
import { foregroundNginxConfig } from "../nginx-config.ts";
// @ts-expect-error: a plain-JS script shared with `npm test`'s set-up.
import { CLUSTER_TOOLS, ensureSystemPackages } from "../system-packages.mjs";

export interface ClusterOptions {
  /** The repository root (where apps/server/src/main.ts is). */
  root: string;
  /** Logs, nginx's configuration and each instance's DATA_DIR go here. */
  workDir: string;
  instances: number;
  /** A PostgreSQL server URL; its database part names the fresh database the cluster gets (dropped first). */
  databaseUrl: string;
  /** A Redis URL with its database number; that database is emptied first. */
  redisUrl: string;
  /** nginx's port; 0 for a free one. */
  port: number;
  /** Given to every instance besides the cluster's own settings (SMTP_URL, LOG_LEVEL …). */
  env?: Record<string, string>;
}

export interface ClusterInstance {
  name: string;
  /** The instance itself, without nginx. */
  url: string;
  pid: number;
  alive(): boolean;
  /** SIGKILL: the instance dies at once, mid-request. */
  kill(): void;
  stop(): Promise<void>;
}

export interface Cluster {
  /** nginx, the address visitors use. */
  url: string;
  instances: ClusterInstance[];
  databaseUrl: string;
  s3: S3StandIn;
  stop(): Promise<void>;
}

/** Whether PostgreSQL and Redis answer at the URLs' addresses; the reason when one does not. */
export async function unreachableService(postgresUrl: string, redisUrl: string): Promise<string | undefined> {
  for (const [name, url, port] of [
    ["PostgreSQL", postgresUrl, 5432],
    ["Redis", redisUrl, 6379],
  ] as const) {
    const { hostname, port: given } = new URL(url);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(given || port), hostname);
      socket.setTimeout(2_000, () => socket.destroy());
      socket.once("connect", () => {
        socket.end();
        resolve(true);
      });
      socket.once("close", () => resolve(false));
    });
    if (!open) return `${name} cannot be reached at ${hostname}:${given || port}`;
  }
  return undefined;
}

/** Starts the S3 stand-in, a fresh database, the instances (the first migrates and seeds), then nginx. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  ensureSystemPackages(CLUSTER_TOOLS);
  mkdirSync(options.workDir, { recursive: true });
  const started: Array<{ stop(): Promise<void> }> = [];
  const stop = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const port = options.port || (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const databaseUrl = await freshDatabase(options.databaseUrl);
    await emptyRedisDatabase(options.redisUrl);
    const s3 = await startS3StandIn("aea-cluster");
    started.push({ stop: () => s3.close() });
    const env: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...options.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl,
      STORAGE_URL: `s3://${s3.bucket}/site`,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      PUBLIC_URL: url,
      // nginx is the one proxy in front: the visitor's address is the last one it adds.
      TRUST_PROXY: "1",
      HOST: "127.0.0.1",
    };
    const start = async (index: number) => {
      const instance = await startInstance(options, env, `instance-${index + 1}`);
      started.push(instance);
      return instance;
    };
    // The first migrates and seeds the empty database; the others find it ready.
    const instances = [await start(0)];
    instances.push(
      ...(await Promise.all(Array.from({ length: options.instances - 1 }, (_, i) => start(i + 1)))),
    );
    const nginx = await startNginx(options.workDir, port, instances);
    started.push(nginx);
    return { url, instances, databaseUrl, s3, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startInstance(
  options: ClusterOptions,
  env: Record<string, string>,
  name: string,
): Promise<ClusterInstance> {
  const port = await freePort();
  // Each instance has a DATA_DIR of its own: nothing may rely on a shared disk.
  const dataDir = join(options.workDir, name);
  mkdirSync(dataDir, { recursive: true });
  const child: Managed = startLogged(process.execPath, ["apps/server/src/main.ts"], {
    cwd: options.root,
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    log: join(options.workDir, `${name}.log`),
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/healthz`, 180_000, child.alive);
  } catch (error) {
    await child.stop();
    throw new Error(`${name} did not start (see ${join(options.workDir, `${name}.log`)}): ${error}`);
  }
  return {
    name,
    url,
    pid: child.child.pid ?? 0,
    alive: child.alive,
    kill: () => child.child.kill("SIGKILL"),
    stop: child.stop,
  };
}

async function startNginx(workDir: string, port: number, instances: ClusterInstance[]) {
  const dir = join(workDir, "nginx");
  mkdirSync(join(dir, "temp"), { recursive: true });
  const config = join(dir, "nginx.conf");
  writeFileSync(
    config,
    foregroundNginxConfig({
      dir,
      generatedBy: "scripts/cluster/cluster.ts: round robin over the instances",
      workers: 1,
      http: `  upstream site {
${instances.map((instance) => `    server ${new URL(instance.url).host} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # Uploads stream through as they arrive; the site checks their size itself.
    client_max_body_size 0;
    proxy_request_buffering off;
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A request the dead instance never received goes to the next one; one it did is not replayed.
      proxy_next_upstream error timeout;
      proxy_read_timeout 60s;
      # A download faster from the site than to the client waits in memory, never in a temp file: the
      # workers run as nobody and cannot write below the cluster's private work folder.
      proxy_max_temp_file_size 0;
    }
  }`,
    }),
  );
  const test = run("nginx", ["-t", "-c", config, "-p", dir]);
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const nginx = startLogged("nginx", ["-c", config, "-p", dir], { log: join(dir, "stdout.log") });
  await waitForOk(`http://127.0.0.1:${port}/healthz`, 10_000, nginx.alive);
  return nginx;
}

/** Drops and creates the database the URL names, through the server's `postgres` database. */
async function freshDatabase(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a database name for the cluster: "${name}"`);
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return url.toString();
}

/** FLUSHDB on the Redis database the URL names (redis://[:password@]host:port/n), in plain RESP. */
function emptyRedisDatabase(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  const db = Number(url.pathname.slice(1) || 0);
  const password = decodeURIComponent(url.password);
  const user = decodeURIComponent(url.username);
  const commands = [
    ...(password ? [user ? ["AUTH", user, password] : ["AUTH", password]] : []),
    ["SELECT", String(db)],
    ["FLUSHDB"],
  ];
  // Each command as a RESP array of bulk strings, so a password may hold any character.
  const resp = (args: string[]) =>
    `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join("")}`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    let answer = "";
    socket.setTimeout(3_000, () => socket.destroy(new Error(`Redis at ${url.host} does not answer`)));
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      const replies = answer.split("\r\n").slice(0, -1);
      if (replies.length < commands.length) return;
      socket.end();
      const refused = replies.find((reply) => reply.startsWith("-"));
      if (refused) reject(new Error(`Redis refused: ${refused}`));
      else resolve();
    });
    socket.write(commands.map(resp).join(""));
  });
}

// `npm run cluster`: the built site as several instances behind nginx, on PostgreSQL, Redis and the
// S3 stand-in, with a fresh database. Ctrl-C stops everything it started.
//   CLUSTER_INSTANCES (2), CLUSTER_PORT (3100), CLUSTER_DATABASE_URL (postgres://postgres@127.0.0.1:5432/aea_cluster),
//   CLUSTER_REDIS_URL (redis://127.0.0.1:6379/15; that Redis database is emptied), CLUSTER_DIR (a temporary folder).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startCluster } from "./cluster.ts";

const root = resolve(import.meta.dirname, "../..");
const env = process.env;
const cluster = await startCluster({
  root,
  workDir: env.CLUSTER_DIR ?? mkdtempSync(join(tmpdir(), "aea-cluster-")),
  instances: Number(env.CLUSTER_INSTANCES ?? 2),
  port: Number(env.CLUSTER_PORT ?? 3100),
  databaseUrl: env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/aea_cluster",
  redisUrl: env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379/15",
  env: { LOG_LEVEL: env.LOG_LEVEL ?? "warn" },
});
console.log(
  [
    `Cluster ready: ${cluster.url}`,
    ...cluster.instances.map((instance) => `  ${instance.name}: ${instance.url} (pid ${instance.pid})`),
    `  database: ${cluster.databaseUrl}`,
    `  S3 stand-in: ${cluster.s3.endpoint}/${cluster.s3.bucket}`,
    "Ctrl-C stops it.",
  ].join("\n"),
);
const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once("SIGINT", () => void stop());
process.once("SIGTERM", () => void stop());

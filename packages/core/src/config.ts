import { resolve } from "node:path";
import { z } from "zod";
import { KNOWN_PUSH_SERVICE_HOSTS } from "./push/push-service-hosts.ts";

const flag = (name: string) =>
  z
    .enum(["true", "false", "1", "0"], { error: `${name} must be true or false` })
    .default("true")
    .transform((v) => v === "true" || v === "1");

/** A comma-separated setting, lower-cased, as a list of its non-empty entries. */
const commaList = z.string().transform((v) =>
  v
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

const emailList = commaList.pipe(
  z.array(z.email()).length(3, "MANAGEMENT_EMAILS must list exactly three addresses"),
);

/** A VAPID key as `npx web-push generate-vapid-keys` prints it: base64url of `bytes` bytes. */
const vapidKey = (name: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url (from npx web-push generate-vapid-keys)`)
    .refine(
      (v) => Buffer.from(v, "base64url").length === bytes,
      `${name} must be a ${bytes}-byte key in base64url (from npx web-push generate-vapid-keys)`,
    );

/**
 * TRUST_PROXY: unset or "false" trusts no proxy (the connection's address counts); a number trusts
 * that many hops; otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .transform((v, context): false | number | string[] => {
    const value = v.trim();
    if (value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry));
    if (bad || entries.length === 0) {
      context.addIssue({
        code: "custom",
        message: `TRUST_PROXY must be false, a hop count or a comma-separated list of proxy addresses or CIDR ranges (got "${bad ?? value}")`,
      });
      return z.NEVER;
    }
    return entries;
  })
  .default(false);

/** Every variable the product reads, with its default. `.env.example` mirrors this list. */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\\\0]*)?$/,
      "STORAGE_URL must be s3://bucket or s3://bucket/prefix (leave it unset for files under DATA_DIR)",
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "S3_ENDPOINT must be an http(s) URL such as https://minio.example.com:9000",
    })
    .optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], { error: "S3_FORCE_PATH_STYLE must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// (leave it unset for SQLite)")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(
      /^rediss?:\/\//,
      "REDIS_URL must start with redis:// or rediss:// (leave it unset for one instance)",
    )
    .optional(),
  REDIS_PREFIX: z.string().min(1).default("aea:"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  FIRM_NAME: z.string().min(1).default("Anticline Energy Advisors"),
  FIRM_SHORT_NAME: z.string().min(1).default("AEA"),
  SHOW_BUY_NOW_BUTTON: flag("SHOW_BUY_NOW_BUTTON"),
  SHOW_BUY_NOW_PRICE: flag("SHOW_BUY_NOW_PRICE"),
  SHOW_CHAT: flag("SHOW_CHAT"),
  SHOW_ENERGY_PRICES: flag("SHOW_ENERGY_PRICES"),
  SHOW_REQUEST_ACCESS_TO_PRIVATE_FILES: flag("SHOW_REQUEST_ACCESS_TO_PRIVATE_FILES"),
  SHOW_DOCUSIGN_CA: flag("SHOW_DOCUSIGN_CA"),
  MANAGEMENT_EMAILS: emailList.default([
    "mgmt1@anticline.test",
    "mgmt2@anticline.test",
    "mgmt3@anticline.test",
  ]),
  MAPS_KEY: z.string().min(1).optional(),
  ENVIRONMENT_NAME: z.string().min(1).default("development"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SEED_DEMO: flag("SEED_DEMO"),
  SEED_DEMO_ACCOUNTS: z
    .enum(["true", "false", "1", "0"], { error: "SEED_DEMO_ACCOUNTS must be true or false" })
    .transform((v) => v === "true" || v === "1")
    .optional(),
  SEED_DEMO_PARTICIPANTS: flag("SEED_DEMO_PARTICIPANTS"),
  TRUST_PROXY: trustProxy,
  STAFF_MFA: z.enum(["required", "optional"], { error: "STAFF_MFA must be required or optional" }).optional(),
  MFA_SECRET_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, "base64").length === 32,
      "MFA_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)",
    )
    .optional(),
  ASSET_CACHE_MB: z.coerce.number().int().min(1).max(1_000_000).default(512),
  ASSET_RENDERS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(2),
  ASSET_RENDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  DATA_ROOM_MAX_FILE_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  SECURE_FILES_QUOTA_MB: z.coerce.number().int().min(1).max(100_000_000).default(10240),
  SECURE_FILES_MAX_OPEN_UPLOADS: z.coerce.number().int().min(1).max(1000).default(5),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SUPPORT_EMAIL: z.email().default("support@anticline.test"),
  SUPPORT_PHONE: z.string().min(3).default("(713) 555-0100 ext. 4"),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  RENDER_CACHE: z.enum(["on", "off"], { error: "RENDER_CACHE must be on or off" }).default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  VAPID_PUBLIC_KEY: vapidKey("VAPID_PUBLIC_KEY", 65).optional(),
  VAPID_PRIVATE_KEY: vapidKey("VAPID_PRIVATE_KEY", 32).optional(),
  PUSH_SERVICE_HOSTS: commaList
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9.-]+$/, "PUSH_SERVICE_HOSTS must list host names, comma-separated"))
        .min(1, "PUSH_SERVICE_HOSTS must name at least one host"),
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https:// URL")
    .optional(),
  E2E_TEST_CLOCK: z
    .enum(["true", "false"], { error: "E2E_TEST_CLOCK must be true or false" })
    .transform((v) => v === "true")
    .default(false),
});

type Environment = z.infer<typeof environmentSchema>;

// One of a pair without the other would leave a feature half set up: name the missing one rather than guess.
const pairs: readonly (readonly [keyof Environment, keyof Environment, string])[] = [
  ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "leave both unset to turn push notifications off"],
  ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "leave both unset for the AWS SDK's own credential chain"],
];

const checkedEnvironmentSchema = environmentSchema.superRefine((e, context) => {
  for (const [first, second, hint] of pairs) {
    for (const [name, other] of [
      [first, second],
      [second, first],
    ]) {
      if (e[other] && !e[name]) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `${name} must be set together with ${other} (${hint})`,
        });
      }
    }
  }
  // Time that tests may move must never reach a real site: a deadline, a session or a code would follow
  // it. (NODE_ENV=production given by whoever starts the server is refused before this: node-env.ts.)
  if (e.E2E_TEST_CLOCK && !(isLoopbackUrl(e.PUBLIC_URL) && isLoopbackHost(e.HOST))) {
    context.addIssue({
      code: "custom",
      path: ["E2E_TEST_CLOCK"],
      message: `${E2E_TEST_CLOCK_REFUSED} a PUBLIC_URL or HOST that is not a local address`,
    });
  }
  if (!e.STORAGE_URL) {
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID"] as const) {
      if (e[name]) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `${name} is set but STORAGE_URL is not: files would stay under DATA_DIR (set STORAGE_URL=s3://bucket)`,
        });
      }
    }
  }
});

export interface FeatureFlags {
  showBuyNowButton: boolean;
  showBuyNowPrice: boolean;
  showDrift: boolean;
  showEnergyPrices: boolean;
  /** A buyer without an access code may ask staff for one. */
  showRequestAccessToPrivateFiles: boolean;
  /** Buyers sign a listing's confidentiality agreement before they first enter its data room. */
  showDocusignCA: boolean;
}

/** The site's Web Push identity (VAPID): push notifications are off without it. */
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact the push services can reach the firm at. */
  subject: string;
}

/** Where files live: under DATA_DIR/media, or in an S3-compatible bucket (STORAGE_URL=s3://…). */
export type StorageConfig =
  | { driver: "local"; root: string }
  | {
      driver: "s3";
      bucket: string;
      /** Put before every key; empty for none. */
      prefix: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's own chain (environment, shared files, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  storage: StorageConfig;
  databaseUrl: string | undefined;
  /** Where rate-limit counters live when several instances serve (unset: in each process's memory). */
  redisUrl: string | undefined;
  /** Put before every key this site writes to Redis, so sites (or tests) can share one Redis. */
  redisPrefix: string;
  publicUrl: string;
  firmName: string;
  firmShortName: string;
  features: FeatureFlags;
  managementEmails: string[];
  mapsKey: string | undefined;
  environmentName: string;
  production: boolean;
  /** Demo listings and content on an empty database. */
  seedDemo: boolean;
  /**
   * Demo accounts (known passwords) on an empty database: only for a local demo, i.e. PUBLIC_URL on a
   * loopback host, unless SEED_DEMO_ACCOUNTS says otherwise explicitly.
   */
  seedDemoAccounts: boolean;
  /** The generated buyer network (2,100 accounts nobody can log in to), seeded with the demo accounts. */
  seedDemoParticipants: boolean;
  /**
   * Whether staff (admins, management) must have a second factor before they reach anything but the
   * enrolment page: "optional" by default in a local demo (PUBLIC_URL on a loopback host), "required"
   * everywhere else, unless STAFF_MFA says otherwise.
   */
  staffMfa: "required" | "optional";
  /** AES-256-GCM key that seals authenticator secrets in the database (MFA_SECRET_KEY); unset: stored as is. */
  mfaSecretKey: Buffer | undefined;
  /** Which proxies may set X-Forwarded-For (false: none; a hop count; or their addresses/CIDRs). */
  trustProxy: false | number | string[];
  /** Largest file a data room or Secure Files takes, in megabytes (DATA_ROOM_MAX_FILE_MB). */
  dataRoomMaxFileMb: number;
  /**
   * What one buyer may hold in Secure Files, in megabytes: files kept plus bytes reserved by their
   * unfinished uploads (SECURE_FILES_QUOTA_MB). Staff are not counted.
   */
  secureFilesQuotaMb: number;
  /** Unfinished uploads one buyer may have at a time (SECURE_FILES_MAX_OPEN_UPLOADS). */
  secureFilesMaxOpenUploads: number;
  /** Upper bound of the resized-image cache on disk, in megabytes (least recently used evicted). */
  assetCacheMb: number;
  /** Image transforms rendered at once (ASSET_RENDERS_AT_ONCE); the rest wait, fairly between addresses. */
  assetRendersAtOnce: number;
  /** New image transforms (cache misses) one address may ask for per minute; cached ones do not count. */
  assetRenderRateLimitPerMinute: number;
  /** A request that has not been answered within this many seconds is cut off. */
  requestTimeoutSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** The technical-assistance line (with extension) the forgot-password panel shows. */
  supportPhone: string;
  /** Login, sign-up, reset and resend requests allowed per minute from one address. */
  authRateLimitPerMinute: number;
  /** Short-lived cache of anonymous visitors' pages (RENDER_CACHE=off renders every request). */
  renderCache: boolean;
  logLevel: string;
  /**
   * The end-to-end tests' server only (E2E_TEST_CLOCK, refused outside a local, non-production site):
   * its clock is the real time plus an offset the tests move forward, through an endpoint no other
   * server has (decision 044).
   */
  e2eTestClock: boolean;
  /** Set when both VAPID keys are configured; push notifications are off otherwise. */
  vapid: VapidDetails | undefined;
  /** Hosts (and their subdomains) a push subscription's endpoint may point to. */
  pushServiceHosts: string[];
}

/**
 * A bad environment stops start-up (and `npm run create-admin`) with a message naming the variable.
 * It is not an AppError: no request ever sees it, it has no HTTP status, and it is raised before any
 * server exists.
 */
export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = checkedEnvironmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".") || "environment"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    storage: storageConfig(e),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ""),
    firmName: e.FIRM_NAME,
    firmShortName: e.FIRM_SHORT_NAME,
    features: {
      showBuyNowButton: e.SHOW_BUY_NOW_BUTTON,
      showBuyNowPrice: e.SHOW_BUY_NOW_PRICE,
      showDrift: e.SHOW_CHAT,
      showEnergyPrices: e.SHOW_ENERGY_PRICES,
      showRequestAccessToPrivateFiles: e.SHOW_REQUEST_ACCESS_TO_PRIVATE_FILES,
      showDocusignCA: e.SHOW_DOCUSIGN_CA,
    },
    managementEmails: e.MANAGEMENT_EMAILS,
    mapsKey: e.MAPS_KEY,
    environmentName: e.ENVIRONMENT_NAME,
    production: e.NODE_ENV === "production",
    seedDemo: e.SEED_DEMO,
    seedDemoAccounts: e.SEED_DEMO_ACCOUNTS ?? (e.SEED_DEMO && isLoopbackUrl(e.PUBLIC_URL)),
    seedDemoParticipants: e.SEED_DEMO_PARTICIPANTS,
    trustProxy: e.TRUST_PROXY,
    staffMfa: e.STAFF_MFA ?? (isLoopbackUrl(e.PUBLIC_URL) ? "optional" : "required"),
    mfaSecretKey: e.MFA_SECRET_KEY ? Buffer.from(e.MFA_SECRET_KEY, "base64") : undefined,
    assetCacheMb: e.ASSET_CACHE_MB,
    assetRendersAtOnce: e.ASSET_RENDERS_AT_ONCE,
    assetRenderRateLimitPerMinute: e.ASSET_RENDER_RATE_LIMIT_PER_MINUTE,
    dataRoomMaxFileMb: e.DATA_ROOM_MAX_FILE_MB,
    secureFilesQuotaMb: e.SECURE_FILES_QUOTA_MB,
    secureFilesMaxOpenUploads: e.SECURE_FILES_MAX_OPEN_UPLOADS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    renderCache: e.RENDER_CACHE === "on",
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.FIRM_NAME} <no-reply@anticline.test>`,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    logLevel: e.LOG_LEVEL,
    e2eTestClock: e.E2E_TEST_CLOCK,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS ?? [...KNOWN_PUSH_SERVICE_HOSTS],
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? {
            publicKey: e.VAPID_PUBLIC_KEY,
            privateKey: e.VAPID_PRIVATE_KEY,
            subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
          }
        : undefined,
  };
}

function storageConfig(e: Environment): StorageConfig {
  if (!e.STORAGE_URL) return { driver: "local", root: resolve(e.DATA_DIR, "media") };
  const [bucket, ...prefix] = e.STORAGE_URL.slice("s3://".length).split("/");
  return {
    driver: "s3",
    bucket,
    prefix: prefix.filter(Boolean).join("/"),
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** A site reached at localhost or a loopback address is a local demo, never a real deployment. */
function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname.replace(/^\[|\]$/g, ""));
}

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host);
}

/** The start of why a server refuses E2E_TEST_CLOCK (decision 044); the end names the setting. */
const E2E_TEST_CLOCK_REFUSED = "E2E_TEST_CLOCK is only for the end-to-end tests' own server: refused with";

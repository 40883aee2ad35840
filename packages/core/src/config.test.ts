import { describe, expect, it } from "vitest";
import webPush from "web-push";
import { ConfigError, loadConfig } from "./config.ts";

const vapid = webPush.generateVAPIDKeys();

describe("configuration", () => {
  it("has working defaults for every variable", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.firmName).toBe("Anticline Energy Advisors");
    expect(config.firmShortName).toBe("AEA");
    expect(Object.values(config.features).every(Boolean)).toBe(true);
    expect(config.managementEmails).toEqual([
      "mgmt1@anticline.test",
      "mgmt2@anticline.test",
      "mgmt3@anticline.test",
    ]);
    expect(config.seedDemo).toBe(true);
    expect(config.production).toBe(false);
    expect(config.vapid).toBeUndefined();
    expect(config.storage).toEqual({ driver: "local", root: `${config.dataDir}/media` });
  });

  it("keeps files in an S3-compatible bucket when STORAGE_URL names one", () => {
    expect(loadConfig({ STORAGE_URL: "s3://aea-files" }).storage).toEqual({
      driver: "s3",
      bucket: "aea-files",
      prefix: "",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const minio = loadConfig({
      STORAGE_URL: "s3://aea-files/site-a/",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "eu-central-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(minio.storage).toEqual({
      driver: "s3",
      bucket: "aea-files",
      prefix: "site-a",
      region: "eu-central-1",
      endpoint: "http://127.0.0.1:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
  });

  it("turns push notifications on with both VAPID keys; the subject defaults to the support address", () => {
    const keys = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey };
    expect(loadConfig({ ...keys, SUPPORT_EMAIL: "help@firm.test" }).vapid).toEqual({
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      subject: "mailto:help@firm.test",
    });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: "https://firm.test/contact" }).vapid?.subject).toBe(
      "https://firm.test/contact",
    );
  });

  it("accepts push subscriptions from the browser vendors' push services unless PUSH_SERVICE_HOSTS says otherwise", () => {
    expect(loadConfig({}).pushServiceHosts).toEqual([
      "fcm.googleapis.com",
      "android.googleapis.com",
      "updates.push.services.mozilla.com",
      "notify.windows.com",
      "push.apple.com",
    ]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: " Push.Example.test, 127.0.0.1 " }).pushServiceHosts).toEqual([
      "push.example.test",
      "127.0.0.1",
    ]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: "https://push.example.test/" })).toThrow(
      "PUSH_SERVICE_HOSTS must list host names, comma-separated",
    );
  });

  it("reads feature flags, PostgreSQL URLs and the management list", () => {
    const config = loadConfig({
      SHOW_ENERGY_PRICES: "false",
      DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
      MANAGEMENT_EMAILS: "a@x.test, B@x.test,c@x.test",
      NODE_ENV: "production",
    });
    expect(config.features.showEnergyPrices).toBe(false);
    expect(config.features.showBuyNowButton).toBe(true);
    expect(config.databaseUrl).toBe("postgres://u@127.0.0.1:5432/db");
    expect(config.managementEmails).toEqual(["a@x.test", "b@x.test", "c@x.test"]);
    expect(config.production).toBe(true);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ MANAGEMENT_EMAILS: "a@x.test,b@x.test" }, "MANAGEMENT_EMAILS"],
    [{ SHOW_CHAT: "maybe" }, "SHOW_CHAT"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ STORAGE_URL: "https://bucket.s3.amazonaws.com" }, "STORAGE_URL must be s3://bucket"],
    [{ STORAGE_URL: "s3://b" }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://aea-files", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ STORAGE_URL: "s3://aea-files", S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE"],
    [
      { STORAGE_URL: "s3://aea-files", S3_ACCESS_KEY_ID: "key" },
      "S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID",
    ],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_ENDPOINT is set but STORAGE_URL is not"],
    [{ VAPID_PUBLIC_KEY: vapid.publicKey }, "VAPID_PRIVATE_KEY must be set together with VAPID_PUBLIC_KEY"],
    [{ VAPID_PRIVATE_KEY: vapid.privateKey }, "VAPID_PUBLIC_KEY must be set together with VAPID_PRIVATE_KEY"],
    [{ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: vapid.privateKey }, "VAPID_PUBLIC_KEY"],
    [{ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: "not/base64url" }, "VAPID_PRIVATE_KEY"],
    [
      {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: "help@x.test",
      },
      "VAPID_SUBJECT",
    ],
  ])("stops with a message naming the variable for %o", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });

  it("creates demo accounts only for a local demo unless SEED_DEMO_ACCOUNTS says so", () => {
    expect(loadConfig({}).seedDemoAccounts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3100" }).seedDemoAccounts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "http://[::1]:3000" }).seedDemoAccounts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "https://deals.firm.com" }).seedDemoAccounts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://localhost.firm.com" }).seedDemoAccounts).toBe(false);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemoAccounts).toBe(false);
    expect(
      loadConfig({ PUBLIC_URL: "https://deals.firm.com", SEED_DEMO_ACCOUNTS: "true" }).seedDemoAccounts,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO_ACCOUNTS: "false" }).seedDemoAccounts).toBe(false);
  });

  it("requires staff to have a second factor except in a local demo, unless STAFF_MFA says otherwise", () => {
    expect(loadConfig({}).staffMfa).toBe("optional");
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:3100" }).staffMfa).toBe("optional");
    expect(loadConfig({ PUBLIC_URL: "https://deals.firm.com" }).staffMfa).toBe("required");
    expect(loadConfig({ PUBLIC_URL: "https://deals.firm.com", STAFF_MFA: "optional" }).staffMfa).toBe(
      "optional",
    );
    expect(loadConfig({ STAFF_MFA: "required" }).staffMfa).toBe("required");
    expect(() => loadConfig({ STAFF_MFA: "yes" })).toThrow(/STAFF_MFA must be required or optional/);
    expect(() => loadConfig({ MFA_SECRET_KEY: "short" })).toThrow(/MFA_SECRET_KEY must be 32 bytes/);
    expect(loadConfig({ MFA_SECRET_KEY: Buffer.alloc(32, 1).toString("base64") }).mfaSecretKey?.length).toBe(
      32,
    );
  });

  it("trusts no proxy unless TRUST_PROXY names a hop count or proxy addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY must be false, a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: "evil.example" })).toThrow(/TRUST_PROXY/);
  });

  it("has a movable clock only for the end-to-end tests' server, on local addresses", () => {
    const local = { PUBLIC_URL: "http://127.0.0.1:3100", HOST: "127.0.0.1" };
    expect(loadConfig({}).e2eTestClock).toBe(false);
    expect(loadConfig({ E2E_TEST_CLOCK: "true", ...local }).e2eTestClock).toBe(true);
    expect(loadConfig({ E2E_TEST_CLOCK: "false", PUBLIC_URL: "https://deals.firm.com" }).e2eTestClock).toBe(
      false,
    );
    for (const env of [
      { ...local, PUBLIC_URL: "https://deals.firm.com" },
      { ...local, PUBLIC_URL: "https://localhost.firm.com" },
      // Listening on every interface: reachable from elsewhere whatever PUBLIC_URL says.
      { ...local, HOST: "0.0.0.0" },
    ]) {
      expect(() => loadConfig({ E2E_TEST_CLOCK: "true", ...env })).toThrow(
        "E2E_TEST_CLOCK is only for the end-to-end tests' own server: refused with a PUBLIC_URL or HOST that is not a local address",
      );
    }
    expect(() => loadConfig({ E2E_TEST_CLOCK: "yes" })).toThrow(/E2E_TEST_CLOCK must be true or false/);
  });

  it("bounds the image cache and request time", () => {
    expect(loadConfig({}).assetCacheMb).toBe(512);
    expect(loadConfig({})).toMatchObject({ assetRendersAtOnce: 2, assetRenderRateLimitPerMinute: 30 });
    expect(() => loadConfig({ ASSET_RENDERS_AT_ONCE: "0" })).toThrow(/ASSET_RENDERS_AT_ONCE/);
    expect(loadConfig({}).requestTimeoutSeconds).toBe(30);
    expect(() => loadConfig({ ASSET_CACHE_MB: "0" })).toThrow(/ASSET_CACHE_MB/);
  });
});

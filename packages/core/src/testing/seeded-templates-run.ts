import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dropPostgresTemplates } from "./seeded-templates.ts";

/**
 * Vitest's global setup (vitest.config.ts): names the run whose seeded templates the test cores copy
 * (seeded-templates.ts), and clears them away after it. The test files' processes inherit the name.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Templates an interrupted run left behind.
  if (serverUrl) await dropPostgresTemplates(serverUrl);
  const folder = mkdtempSync(join(tmpdir(), "aea-test-templates-"));
  process.env.TEST_TEMPLATE_RUN = `${randomBytes(4).toString("hex")}:${folder}`;
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl) await dropPostgresTemplates(serverUrl);
  };
}

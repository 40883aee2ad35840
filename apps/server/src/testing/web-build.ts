import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { webRoot } from "../plugins/web-app.ts";

const serverBuild = resolve(webRoot, "build/server/index.js");
// What the web build is made from: the app's modules and the shared domain rules they import.
const sources = [resolve(webRoot, "app"), resolve(webRoot, "../../packages/domain/src")];

/**
 * Tests of pages need the web build. Missing or older than its sources, they would test nothing or
 * yesterday's pages, so they fail with this message instead of skipping.
 */
export function requireFreshWebBuild(): void {
  if (!existsSync(serverBuild)) {
    throw new Error(`The web build is missing (${serverBuild}): run npm run build first.`);
  }
  const builtAt = statSync(serverBuild).mtimeMs;
  const newer = sources.flatMap((dir) => newerFiles(dir, builtAt));
  if (newer.length > 0) {
    throw new Error(
      `The web build is older than ${newer.length} source file(s), e.g. ${newer[0]}: run npm run build first.`,
    );
  }
}

function newerFiles(dir: string, than: number): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => statSync(file).mtimeMs > than);
}

/** The web app's server build, whose routes declare their audiences in their `handle`. */
export async function webBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
}

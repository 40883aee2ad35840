import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const WORKSPACES: Readonly<Record<string, string>> = {
  "@aea/core": "packages/core/src/index.ts",
  "@aea/core/types": "packages/core/src/types.ts",
  "@aea/domain": "packages/domain/src/index.ts",
};
/** Imports that load a module when the importing one loads (not `import type`, not `import()`). */
const STATIC_IMPORT = /(?:^|[;\n])\s*(?:import|export)(?!\s+type\b)(?:[^;"']*?\bfrom)?\s*["']([^"']+)["']/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const workspace = WORKSPACES[specifier];
  if (workspace) return join(root, workspace);
  if (!specifier.startsWith(".")) return undefined; // a package from node_modules
  const path = resolve(dirname(from), specifier);
  return existsSync(path) ? path : undefined;
}

/** Every source file the server's start loads before it answers, by following static imports. */
function startPathModules(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const target = specifier && resolveImport(file, specifier);
      if (target) visit(target);
    }
  };
  visit(entry);
  return new Set([...seen].map((file) => relative(root, file)));
}

describe("the server's start path", () => {
  it("applies the start settings before it loads the server (their restart would waste the loading)", () => {
    const entry = join(root, "apps/server/src/main.ts");
    expect([...startPathModules(entry)]).toEqual([
      "apps/server/src/main.ts",
      "apps/server/src/start-settings.ts",
    ]);
  });

  it("loads the demo generators only by the seeding step's own import", () => {
    const modules = startPathModules(join(root, "apps/server/src/server.ts"));
    expect(modules).toContain("packages/core/src/core.ts");
    expect(modules).toContain("packages/core/src/listings/listing-editing.service.ts");
    expect([...modules].filter((file) => file.startsWith("packages/core/src/demo/"))).toEqual([]);
  });

  it.each([
    ["exceljs", "a workbook is first made"],
    ["pdf-lib", "a PDF is first made"],
    ["nodemailer", "the first mail is sent"],
    ["web-push", "the first push notification is sent"],
    ["@simplewebauthn/server", "the first passkey ceremony starts"],
    ["@simplewebauthn/server/helpers", "the first passkey ceremony starts"],
    ["@aws-sdk/client-s3", "storage is S3"],
    ["@aws-sdk/lib-storage", "storage is S3"],
    ["@tus/s3-store", "storage is S3"],
  ])("loads %s only when %s (decision 037)", (library) => {
    const modules = startPathModules(join(root, "apps/server/src/server.ts"));
    const importers = [...modules].filter((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(STATIC_IMPORT)].some(
        ([, from]) => from === library,
      ),
    );
    expect(importers).toEqual([]);
  });
});

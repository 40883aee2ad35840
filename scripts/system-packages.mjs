// The Debian packages the tests, the cluster command and the bench run: found, installed when we run
// as root (as CI and a fresh container do), or named in one message saying exactly what to run.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** What the test command needs from the machine, each with the Debian package that provides it. */
export const TEST_TOOLS = [
  {
    program: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    pkg: "chromium",
    why: "the end-to-end tests",
  },
  { program: "pdftotext", pkg: "poppler-utils", why: "reading stamped PDFs in the data-room tests" },
  { program: "nginx", pkg: "nginx", why: "the cluster test's load balancer" },
];

export const CLUSTER_TOOLS = [{ program: "nginx", pkg: "nginx", why: "the load balancer" }];

function found(program) {
  const candidates = program.includes("/")
    ? [program]
    : [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/sbin"].map((dir) => join(dir, program));
  return candidates.some((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Installs what is missing (as root), or exits at once with the one command that would. */
export function ensureSystemPackages(tools) {
  const missing = tools.filter((tool) => !found(tool.program));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((tool) => tool.pkg))];
  const command = `apt-get update && apt-get install -y ${packages.join(" ")}`;
  const asRoot = `sudo sh -c "${command}"`;
  const isRoot = process.getuid?.() === 0;
  const aptAvailable = found("apt-get");
  if (!isRoot || !aptAvailable) {
    const list = missing.map((tool) => `${tool.program} (${tool.why})`).join(", ");
    console.error(
      `Missing ${list}. Install ${aptAvailable ? "it" : "the equivalent of Debian's packages"} first:\n  ${asRoot}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${packages.join(", ")} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...packages],
  ]) {
    const result = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; run it by hand: ${asRoot}`);
      process.exit(1);
    }
  }
  const still = missing.filter((tool) => !found(tool.program));
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.map((tool) => tool.program).join(", ")}`);
    process.exit(1);
  }
}

// `node scripts/system-packages.mjs test|cluster`
if (import.meta.url === `file://${process.argv[1]}`) {
  ensureSystemPackages(process.argv[2] === "cluster" ? CLUSTER_TOOLS : TEST_TOOLS);
}

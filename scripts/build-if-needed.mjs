// `npm start` builds the web app on first run (or after a source change) so a fresh clone starts with one command.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const web = "apps/web";
const builtAt = (() => {
  const file = join(web, "build/server/index.js");
  return existsSync(file) ? statSync(file).mtimeMs : 0;
})();

function newestSource(dir) {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    newest = Math.max(newest, stat.isDirectory() ? newestSource(path) : stat.mtimeMs);
  }
  return newest;
}

const sourceChangedAt = Math.max(newestSource(join(web, "app")), newestSource("packages/domain/src"));
if (builtAt < sourceChangedAt) {
  console.log("Building the web app…");
  execSync("npm run build", { stdio: "inherit" });
}

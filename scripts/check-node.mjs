// npm scripts must run on the pinned Node 24 (node_modules/.bin/node); fail loudly otherwise.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} is running this script, but the project needs Node 24 (pinned in devDependencies).\n` +
      "Run it through npm (npm start, npm test) after `npm install` without --ignore-scripts.",
  );
  process.exit(1);
}

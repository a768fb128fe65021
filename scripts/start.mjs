// npm start: build the site if the build is missing or older than the sources, then run the production
// server with the demo data seeded (migrations and seeding happen at start). Without BETTER_AUTH_SECRET the server
// generates a signing secret into DATA_DIR at its first start (docs/product/accounts.md#the-signing-secret). A real
// deployment leaves SEED_DEMO unset, and sets BETTER_AUTH_SECRET when it runs on PostgreSQL.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = "build/main/main.js";
const stale =
  !existsSync(built) ||
  process.argv.includes("--rebuild") ||
  Math.max(newestMtime("app"), newestMtime("domain"), newestMtime("public"), newestMtime("server")) > statSync(built).mtimeMs;
if (stale) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The compiled server (scripts/build-server.mjs), with React Router's production build (server/react-router-production.mjs).
const server = spawn(process.execPath, ["--enable-source-maps", "--import", "./server/react-router-production.mjs", built], {
  stdio: "inherit",
  env: { NODE_ENV: "production", SEED_DEMO: "1", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

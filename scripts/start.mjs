// npm start: build the site if needed, then run the production server with the demo data seeded
// (migrations and seeding happen at start). A real deployment sets BETTER_AUTH_SECRET and leaves SEED_DEMO unset.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || process.argv.includes("--rebuild")) {
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const server = spawn("npx", ["tsx", "server/main.ts"], { stdio: "inherit", env: { NODE_ENV: "production", SEED_DEMO: "1", ...process.env } });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

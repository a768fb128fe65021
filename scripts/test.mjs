// npm test: unit and integration tests (Vitest, real database), then the browser journeys (Playwright,
// Debian's Chromium) against a fresh production build. With DATABASE_URL set, both run on PostgreSQL.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (cmd, args, env = {}) => {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
  } else {
    console.error(`Chromium not found at ${chromium}. Install Debian's chromium or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

run("npx", ["react-router", "typegen"]);
run("npx", ["tsc"]);
run("npx", ["eslint", "."]);
run("npx", ["prettier", "--check", "."]);
run("npx", ["vitest", "run"]);
run("npm", ["run", "build"]);
run("node", ["scripts/check-client-bundle.mjs"]);

let databaseUrl = process.env.DATABASE_URL;
let dropE2eDatabase = async () => {};
if (databaseUrl) {
  // A fresh database for the journeys, so they start from the seed as on a new machine.
  const pg = (await import("pg")).default;
  const name = `zavolah_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropE2eDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const e2e = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
});
await dropE2eDatabase();
process.exit(e2e.status ?? 1);

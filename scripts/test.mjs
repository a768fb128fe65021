// npm test: type check, lint, format check, unit and integration tests (Vitest, real database), then the browser
// journeys (Playwright, Debian's Chromium) against a fresh production build. With DATABASE_URL set, both run on
// PostgreSQL. `npm test -- --reuse-build` (CI's PostgreSQL pass) skips the checks and the build when an earlier
// run of this same tree made them; Vitest and the journeys always run. Other arguments go to Playwright.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const run = (cmd, args, env = {}) => {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const t = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log(`(${cmd === "faketime" ? `vitest at ${args[0]}` : args.slice(0, 2).join(" ")}: ${seconds(t)})`);
};

/** Runs each lane's commands in turn, the lanes side by side; output is printed per command once it ends. */
async function runSideBySide(lanes) {
  const runOne = (cmd, args) =>
    new Promise((resolve) => {
      const t = Date.now();
      const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("close", (status) => {
        console.log(`\n$ ${cmd} ${args.join(" ")}\n${output.trimEnd()}\n(${args.slice(0, 2).join(" ")}: ${seconds(t)})`);
        resolve(status ?? 1);
      });
    });
  const statuses = await Promise.all(
    lanes.map(async (lane) => {
      for (const [cmd, args] of lane) {
        const status = await runOne(cmd, args);
        if (status !== 0) return status;
      }
      return 0;
    }),
  );
  const failed = statuses.find((s) => s !== 0);
  if (failed !== undefined) process.exit(failed);
}

const reuseBuild = process.argv.includes("--reuse-build");
const playwrightArgs = process.argv.slice(2).filter((a) => a !== "--reuse-build");

// The journeys run in Debian's chromium-headless-shell, or the full chromium when only that is there
// (playwright.config.ts).
const browsers = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
if (!browsers.some((path) => existsSync(path))) {
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], { DEBIAN_FRONTEND: "noninteractive" });
  } else {
    console.error(`Chromium not found at ${browsers.join(" or ")}. Install Debian's chromium-headless-shell or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}

/** The tree as git sees it (commit, changes, untracked files), or null outside a git checkout. */
function treeFingerprint() {
  const git = (...args) => spawnSync("git", args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const head = git("rev-parse", "HEAD");
  if (head.status !== 0) return null;
  const hash = createHash("sha256")
    .update(head.stdout)
    .update(git("diff", "HEAD", "--binary").stdout);
  for (const file of git("ls-files", "--others", "--exclude-standard", "-z").stdout.split("\0").filter(Boolean)) {
    hash.update(file);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

// Written after the checks and the build passed, so a second pass can tell they were made from this very tree.
const STAMP = "build/.checked-tree";
const fingerprint = treeFingerprint();
const checked = fingerprint !== null && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint;
if (reuseBuild && checked) {
  console.log("\nReusing the checks and the build of the earlier run of this tree: Vitest and the journeys only.");
} else {
  if (reuseBuild) console.log("\nNo earlier run checked and built this tree: running everything.");
  run("npx", ["react-router", "typegen"]);
  // Each check uses one core: the type check on one, lint then format on the other.
  await runSideBySide([
    [["npx", ["tsc"]]],
    [
      ["npx", ["eslint", "."]],
      ["npx", ["prettier", "--check", "."]],
    ],
  ]);
}
// The second pass of the same tree leaves out the tests that never open a database (domain rules, lint rules): the
// first pass ran them, and the engine cannot change their outcome. Excluded by name, so a new test folder is not left
// out by accident (Vitest's folder arguments match by substring: "app" also picked domain/appointments).
const noDatabase = ["--exclude", "domain/**", "--exclude", "tests/lint/**"];
const vitestArgs = reuseBuild && checked ? ["vitest", "run", ...noDatabase] : ["vitest", "run"];
// VITEST_CLOCKS (CI's first pass): Vitest once for each instant named, with the clock set there by Debian's faketime
// (libfaketime: the clock starts at the instant and runs on), so no test passes only on the day it was written
// (docs/decisions/0041-the-suite-on-awkward-days.md). Instants are UTC, separated by commas.
const clocks = (process.env.VITEST_CLOCKS ?? "")
  .split(",")
  .map((c) => c.trim())
  .filter(Boolean);
if (clocks.length === 0) run("npx", vitestArgs);
for (const clock of clocks) {
  console.log(`\nVitest with the clock at ${clock} UTC`);
  run("faketime", [clock, "npx", ...vitestArgs], { TZ: "UTC" });
}
if (!(reuseBuild && checked)) {
  run("npm", ["run", "build"]);
  run("node", ["scripts/check-client-bundle.mjs"]);
  if (fingerprint !== null) writeFileSync(STAMP, fingerprint);
}

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
const journeys = Date.now();
const e2e = spawnSync("npx", ["playwright", "test", ...playwrightArgs], {
  stdio: "inherit",
  env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
});
await dropE2eDatabase();
console.log(`(journeys: ${seconds(journeys)}; npm test: ${seconds(started)})`);
process.exit(e2e.status ?? 1);

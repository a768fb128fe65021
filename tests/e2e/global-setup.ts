import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { request } from "@playwright/test";
import { BASE, DEMO, hostileWalkTemplate, signedIn, signInAs, type TDemoRole } from "./support";

/**
 * Signs in each demo role once per run, once the server is up, and saves its cookies for the journeys'
 * `test.use({ storageState: signedIn(role) })`. A global setup rather than a setup project, so a single
 * file still runs alone (`--no-deps`) with its sign-ins in place.
 */
export default async function globalSetup() {
  startHostileWalkTemplate();
  await Promise.all(
    (Object.keys(DEMO) as TDemoRole[]).map(async (role) => {
      const context = await request.newContext({ baseURL: BASE });
      await signInAs(context, DEMO[role]);
      await mkdir(dirname(signedIn(role)), { recursive: true });
      await context.storageState({ path: signedIn(role) });
      await context.dispose();
    }),
  );
}

/**
 * The hostile walk's parts (tests/e2e/hostile/hostile-input.spec.ts) each start from one migrated and seeded PGlite
 * database, made here in the background while the first journeys run, so no part spends its time making one. Not
 * when the run's file filters leave the walk out, nor on PostgreSQL (each part makes a database of its own there).
 */
function startHostileWalkTemplate() {
  const filters = process.argv.slice(2).filter((arg) => !arg.startsWith("-") && /[/.]/.test(arg));
  if (process.env.DATABASE_URL || (filters.length > 0 && !filters.some((f) => f.includes("hostile")))) return;
  const template = hostileWalkTemplate();
  writeFileSync(`${template}.making`, "");
  spawn(process.execPath, ["--import", "tsx", "tests/hostile/hostile-input.ts", "--make-template", template], {
    env: { ...process.env, HOSTILE_LOG_LEVEL: "error" },
    stdio: "ignore",
    detached: true,
  }).unref();
}

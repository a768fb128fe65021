import { afterAll } from "vitest";
import { env, useSigningSecret } from "../../server/env";

// Runs before each test file (vitest.config.ts, setupFiles). Workers run file after file in one process
// (isolate: false), so what a file changed in the process's settings is put back first: the environment object some
// files point at a local Paystack fake or a folder of their own, and a signing secret a file loaded.

const PRISTINE = Symbol.for("zavolah.tests.pristineEnv");
type THolder = { [PRISTINE]?: Record<string, unknown> };

const pristine = ((globalThis as THolder)[PRISTINE] ??= { ...env });
const mutable = env as Record<string, unknown>;
for (const key of Object.keys(mutable)) if (!(key in pristine)) delete mutable[key];
Object.assign(mutable, pristine);
useSigningSecret(undefined);

// Statements sent at once on one PostgreSQL connection (a Promise.all inside a transaction) are queued by pg 8, which
// warns once a third one waits, and will be refused by pg 9. Node gives that warning once per process, so the file
// that first causes it fails here; PGlite has no such warning.
const OVERLAPPING = "already executing a query";
const OVERLAPS = Symbol.for("zavolah.tests.overlappingStatements");
type TOverlaps = { [OVERLAPS]?: string[] };
const overlaps = ((globalThis as TOverlaps)[OVERLAPS] ??= (() => {
  const found: string[] = [];
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes(OVERLAPPING)) found.push(warning.stack ?? warning.message);
  });
  return found;
})());
afterAll(() => {
  const found = overlaps.splice(0);
  if (found.length > 0) throw new Error(`Statements overlapped on one database connection (await them one by one):\n${found.join("\n")}`);
});

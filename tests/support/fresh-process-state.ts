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

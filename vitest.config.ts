import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// No React Router plugin here: unit and integration tests run server code against a real database.
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/lint/**/*.test.ts", "clients/**/*.test.ts"],
    testTimeout: 30_000,
    // What the code under test logs (server/log.ts writes through the console here) and prints is shown for a failing
    // test only, after it: a passing run's output is the list of files and the summary.
    silent: "passed-only",
    reporters: ["default", "./tests/support/slowest-files-reporter.ts"],
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines, which left a core idle for
    // the whole run (docs/performance.md). Each file has its own database, so two run side by side safely.
    maxWorkers: 2,
    // A worker runs file after file without starting afresh: loading the server's modules (and PGlite's WebAssembly)
    // again for each of 100 files was most of the run (7.1 min against 3.7 min, docs/performance.md). Each file
    // still gets its own database (tests/support/test-database.ts), and process caches are kept per database
    // handle, so nothing a file leaves in memory reaches the next file's data.
    isolate: false,
    // One folder for what the tests write to disk (uploads, the signing secret), outside the checkout.
    env: { DATA_DIR: join(tmpdir(), `zavolah-vitest-${process.pid}`) },
    // Migrates a template database once; each test file's database is a copy of it (tests/support/test-database.ts).
    globalSetup: ["tests/support/test-database-template.ts"],
    setupFiles: ["tests/support/fresh-process-state.ts"],
  },
});

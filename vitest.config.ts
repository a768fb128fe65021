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
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/lint/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Migrates a template database once; each test file's database is a copy of it (tests/support/test-database.ts).
    globalSetup: ["tests/support/test-database-template.ts"],
  },
});

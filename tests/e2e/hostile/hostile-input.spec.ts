import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { hostileWalkTemplate } from "../support";

// The property-based walk of the route table with hostile requests (tests/hostile/hostile-input.ts), with fixed
// seeds and a bounded count, in four parts that run side by side (each one journey, so none runs long). Each part
// starts its own server on the production build and its own database, in a process of its own, so it can compare
// the database before and after each refused request; on PGlite they start from one seeded database that the
// journeys' global setup makes (tests/e2e/global-setup.ts). HOSTILE_RUNS and HOSTILE_SEED run it longer or differently.
const PARTS = 4;
const template = hostileWalkTemplate();

for (let part = 1; part <= PARTS; part++) {
  test(`hostile requests to every route are answered with a 4xx and a message, never a 5xx, and change nothing (part ${part} of ${PARTS})`, async () => {
    test.setTimeout(180_000);
    const runs = process.env.HOSTILE_RUNS ?? "400";
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/hostile/hostile-input.ts", "--runs", runs, "--shard", `${part}/${PARTS}`, "--template", template],
      { env: { ...process.env, HOSTILE_LOG_LEVEL: "error" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    const report = output
      .split("\n")
      .filter((line) => !line.startsWith("  ") || line.startsWith("    "))
      .join("\n");
    expect(code, report).toBe(0);
    expect(output).toMatch(new RegExp(`hostile requests over \\d+ routes and 4 roles.*part ${part} of ${PARTS}`));
  });
}

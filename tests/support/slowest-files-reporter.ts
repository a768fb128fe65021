import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the ten slowest Vitest files at the end of a run, beside the default reporter (docs/performance.md#the-test-suite):
 * where a file that grew shows first. A file's time is its tests' and hooks' together.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const slowest = modules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (slowest.length === 0) return;
    console.log("\nThe ten slowest Vitest files:");
    for (const s of slowest) console.log(`  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`);
  }
}

import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints the ten slowest journeys at the end of a run, beside the list reporter: a journey should take under 20 s on
 * a quiet machine (docs/performance.md#the-test-suite), and this is where one that grew shows first.
 */
export default class SlowestJourneysReporter implements Reporter {
  private readonly took: { title: string; ms: number; retry: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*tests\/e2e\//, "");
    this.took.push({ title: `${file}:${test.location.line} ${test.title}`, ms: result.duration, retry: result.retry });
  }

  onEnd(_result: FullResult) {
    const slowest = [...this.took].sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length === 0) return;
    console.log("\nThe ten slowest journeys:");
    for (const t of slowest) {
      const title = t.title.length > 110 ? `${t.title.slice(0, 109)}…` : t.title;
      console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${title}${t.retry > 0 ? ` (retry ${t.retry})` : ""}`);
    }
  }
}

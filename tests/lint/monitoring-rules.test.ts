import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { declareEveryMetric, metricsRegistry } from "../../server/metrics/registry";

// What docs/operations.md#monitoring ships for Prometheus and Grafana is valid PromQL (Debian's promtool says so) and
// names only metrics the site exposes: a renamed metric cannot leave an alert that never fires.

const folder = join(process.cwd(), "docs/monitoring");
const alerts = readFileSync(join(folder, "alerts.yml"), "utf8");
const dashboard = JSON.parse(readFileSync(join(folder, "grafana-dashboard.json"), "utf8")) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const dashboardExprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
const hasPromtool = spawnSync("promtool", ["--version"]).status === 0;

const promtoolCheck = (file: string) => spawnSync("promtool", ["check", "rules", file], { encoding: "utf8" });

describe("the monitoring shipped in docs/monitoring", () => {
  it.skipIf(!hasPromtool)("alert rules pass promtool check rules (needs Debian's prometheus package)", () => {
    const check = promtoolCheck(join(folder, "alerts.yml"));
    expect(check.stdout + check.stderr).toContain("SUCCESS");
    expect(check.status).toBe(0);
  });

  it.skipIf(!hasPromtool)("every dashboard panel's query parses (needs Debian's prometheus package)", () => {
    const rules = dashboardExprs.map((expr, i) => `      - record: zavolah:dashboard_panel_${i}\n        expr: ${JSON.stringify(expr)}`);
    const file = join(mkdtempSync(join(tmpdir(), "dashboard-rules-")), "rules.yml");
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join("\n")}\n`);
    const check = promtoolCheck(file);
    expect(check.stdout + check.stderr).toContain(`SUCCESS: ${dashboardExprs.length} rules found`);
  });

  it("names only metrics the site exposes", async () => {
    declareEveryMetric();
    const exposed = new Set((await metricsRegistry().getMetricsAsJSON()).map((m) => m.name));
    const named = new Set(
      [...`${alerts}\n${dashboardExprs.join("\n")}`.matchAll(/\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*(?=[{[)<>=!*/+-]|$)/gm)]
        .map((m) => m[1]!.replace(/_bucket$/, ""))
        .filter((name) => !/^(histogram_quantile|max_over_time|label_replace)$/.test(name)),
    );
    expect(named.size).toBeGreaterThan(10);
    const unknown = [...named].filter((name) => !exposed.has(name));
    expect(unknown).toEqual([]);
  });
});

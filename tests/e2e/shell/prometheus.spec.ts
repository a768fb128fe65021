import { expect, test } from "@playwright/test";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_METRICS_TOKEN } from "../../fakes/fake-config";

// Debian's Prometheus, run with the scrape configuration and alert rules docs/monitoring ships, against the site the
// journeys run on: the target is up, the site's series are there to query, and every alert rule evaluates.

const hasPrometheus = spawnSync("prometheus", ["--version"]).status === 0;
const site = new URL(process.env.E2E_BASE_URL!);
const prometheusPort = Number(site.port) + 90;
const api = `http://127.0.0.1:${prometheusPort}/api/v1`;
let prometheus: ChildProcess | undefined;

test.afterAll(() => void prometheus?.kill("SIGTERM"));

const query = async (expr: string) => {
  const answer = (await (await fetch(`${api}/query?query=${encodeURIComponent(expr)}`)).json()) as {
    data: { result: { value: [number, string] }[] };
  };
  return answer.data.result.map((r) => Number(r.value[1]));
};

test.skip(!hasPrometheus, "needs Debian's prometheus package");

test("Prometheus scrapes the site with the shipped configuration and evaluates every alert rule", async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), "zavolah-prometheus-"));
  writeFileSync(join(dir, "token"), E2E_METRICS_TOKEN);
  const shipped = readFileSync(join(process.cwd(), "docs/monitoring/prometheus.yml"), "utf8");
  const config = shipped
    .replace("scrape_interval: 15s", "scrape_interval: 1s")
    .replace("evaluation_interval: 30s", "evaluation_interval: 1s")
    .replace("- alerts.yml", `- ${join(process.cwd(), "docs/monitoring/alerts.yml")}`)
    .replace("/etc/prometheus/zavolah-metrics-token", join(dir, "token"))
    .replace(/targets: \[.*\]/, `targets: ["${site.host}"]`);
  expect(config).toContain(site.host);
  writeFileSync(join(dir, "prometheus.yml"), config);
  prometheus = spawn(
    "prometheus",
    [
      `--config.file=${join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
    ],
    { stdio: "ignore" },
  );

  await expect
    .poll(
      async () => {
        // While it starts, Prometheus answers 503 in plain text: not up yet.
        const targets = await fetch(`${api}/targets`)
          .then((r) => r.json())
          .catch(() => null);
        return (targets as { data?: { activeTargets: { health: string }[] } } | null)?.data?.activeTargets[0]?.health;
      },
      { timeout: 30_000 },
    )
    .toBe("up");
  expect(await query('up{job="zavolah"}')).toEqual([1]);
  await expect.poll(async () => (await query("sum(http_requests_total)"))[0] ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
  expect((await query("max(outbox_messages)")).length).toBe(1);
  expect((await query("count(zavolah_build_info)"))[0]).toBeGreaterThan(0);

  // Each alert rule has been evaluated without error.
  await expect
    .poll(
      async () => {
        const rules = (await (await fetch(`${api}/rules`)).json()) as {
          data: { groups: { rules: { name: string; health: string }[] }[] };
        };
        return rules.data.groups.flatMap((g) => g.rules).map((r) => `${r.name}:${r.health}`);
      },
      { timeout: 15_000 },
    )
    .toEqual(expect.arrayContaining(["SiteDown:ok", "OutboxStuck:ok", "NoRecentBackup:ok", "JobNotRun:ok"]));
  const rules = (await (await fetch(`${api}/rules`)).json()) as { data: { groups: { rules: { health: string }[] }[] } };
  const all = rules.data.groups.flatMap((g) => g.rules);
  // Every rule docs/monitoring/alerts.yml ships.
  expect(all).toHaveLength(readFileSync(join(process.cwd(), "docs/monitoring/alerts.yml"), "utf8").match(/^\s*- alert:/gm)!.length);
  expect(all.every((r) => r.health === "ok")).toBe(true);
});

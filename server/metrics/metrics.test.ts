import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { metricValue } from "../../tests/support/metrics";
import { metricsRegistry, mqttTopicFamily, recordHttpRequest, setBuildRelease } from "./registry";
import { releaseName } from "./release";

describe("the metrics' labels stay bounded", () => {
  it("a method nobody uses is counted as OTHER, not under its own name", async () => {
    // The registry is the process's: other test files in this worker count too, so the test reads the change.
    const other = 'http_requests_total{route="/test/:metrics",method="OTHER",status="405"}';
    const got = 'http_requests_total{route="/test/:metrics",method="GET",status="200"}';
    const fast = 'http_request_duration_seconds_bucket{le="0.05",route="/test/:metrics",method="GET"}';
    const before = [await metricValue(other), await metricValue(got), await metricValue(fast)];
    recordHttpRequest("/test/:metrics", "BREW", 405, 0.002);
    recordHttpRequest("/test/:metrics", "GET", 200, 0.03);
    expect([await metricValue(other), await metricValue(got), await metricValue(fast)]).toEqual(before.map((n) => n + 1));
    expect(await metricsRegistry().metrics()).not.toContain("BREW");
  });

  it("an MQTT topic is counted by its family, its charger or installation as +", () => {
    expect(mqttTopicFamily("zavcharge/chargers/ZV-LEKKI-01/status")).toBe("zavcharge/chargers/+/status");
    expect(mqttTopicFamily("zavcharge/chargers/ZV-IKEJA-07/status")).toBe("zavcharge/chargers/+/status");
    expect(mqttTopicFamily("zavolah/power/12/readings")).toBe("zavolah/power/+/readings");
    for (let i = 0; i < 60; i++) mqttTopicFamily(`made/up/${i}/x${i}`);
    expect(mqttTopicFamily("another/made/up/topic")).toBe("other");
  });

  it("one build is named at a time", async () => {
    setBuildRelease("abc123");
    setBuildRelease("def456");
    const text = await metricsRegistry().metrics();
    expect(text).toContain('zavolah_build_info{release="def456"} 1');
    expect(text).not.toContain("abc123");
  });
});

describe("the release a checkout is on", () => {
  const checkout = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), "release-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const commit = "0123456789abcdef0123456789abcdef01234567";

  it("reads the branch's commit, a packed ref, or a detached head; without .git it says unknown", () => {
    expect(releaseName(checkout({ ".git/HEAD": "ref: refs/heads/main\n", ".git/refs/heads/main": `${commit}\n` }))).toBe("0123456789ab");
    expect(
      releaseName(checkout({ ".git/HEAD": "ref: refs/heads/main\n", ".git/packed-refs": `# pack-refs\n${commit} refs/heads/main\n` })),
    ).toBe("0123456789ab");
    expect(releaseName(checkout({ ".git/HEAD": `${commit}\n` }))).toBe("0123456789ab");
    expect(releaseName(checkout({}))).toBe("unknown");
  });
});

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_ERROR_REPORT_PATH } from "@domain/errors/browser-error-report";
import { metricValue } from "../../tests/support/metrics";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { log } from "../log";
import { answerBrowserErrorReport, REPORTS_PER_ADDRESS_PER_MINUTE, resetBrowserErrorLimits } from "./browser-error-reports";
import { fingerprintOf } from "./error-report";
import { listErrorGroups } from "./list-error-groups";
import { pruneErrorGroups } from "./prune-error-groups";
import { flushErrorGroups } from "./record-error-groups";
import { startErrorReporting } from "./report-error";
import { errorGroups } from "./schema";
import { scrubText } from "./scrub";

// Without an error-reporting service, the site's errors are grouped on its own list (docs/operations.md#error-reports):
// the same failure counted on one row, scrubbed of what a customer typed, and forgotten 30 days after it was last met.

useTestDatabase();

let stop: () => Promise<void>;
beforeAll(async () => {
  stop = await startErrorReporting({ dsn: undefined, release: "test", environment: "test" });
});
afterAll(() => stop());

/** A thrown error with a real stack from one place in the code: the same line each time it is called. */
function failOrder(orderNumber: number, email: string) {
  return new Error(`Order ZV-${orderNumber} could not be confirmed for ${email}`);
}

describe("scrubbing", () => {
  it("takes out e-mails, phone numbers, PINs, codes and tokens, and leaves the stack's line numbers", () => {
    const text = [
      "Sign-in failed for ada.okafor@example.com (+234 803 123 4567, 08031234567) with PIN 4821",
      'body {"pin":"9934","password":"Lagos2026!"} code=482913 token=abc.def authorization: Bearer 8f3kq0Zx9Lm2Pq7Rt5Vw1Yb4',
      "reset /reset-password?token=6b2f0c9e7d1a4b3c8e5f2a1d9c7b6e4f sent 123456",
      "params: tokyo,Sk9qL2mPz8Xw4Rt6Yb1Nc3Vd5Fg7Hj0",
      "    at confirmOrder (file:///srv/zavolah/build/main/main.js:123456:17)",
    ].join("\n");
    const scrubbed = scrubText(text);
    for (const secret of [
      "ada.okafor",
      "803 123 4567",
      "08031234567",
      "4821",
      "9934",
      "Lagos2026!",
      "482913",
      "8f3kq0Zx9Lm2",
      "6b2f0c9e",
      "123456 ",
      "Sk9qL2mPz8",
    ])
      expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain("[email]");
    expect(scrubbed).toContain("main.js:123456:17");
  });
});

describe("the site's own error list", () => {
  it("counts the same failure on one row, with its last request id, address and a stack", async () => {
    for (const [n, email] of [
      [100481, "chioma@example.com"],
      [100482, "tunde@example.com"],
      [100483, "ngozi@example.com"],
    ] as const)
      log.error({ err: failOrder(n, email), requestId: "A1B2C3D4E5", path: "/orders/confirm?code=554433" }, "request failed");
    await flushErrorGroups();
    const { groups } = await listErrorGroups();
    const group = groups.find((g) => g.message.startsWith("Order ZV-"))!;
    expect(group).toMatchObject({ source: "server", type: "Error", count: 3, lastRequestId: "A1B2C3D4E5" });
    expect(group.message).toContain("[email]");
    expect(JSON.stringify(groups)).not.toMatch(/chioma|tunde|ngozi|554433/);
    expect(group.stack).toContain("failOrder");
    expect(group.lastPath).toBe("/orders/confirm?code=••••••");
    expect(group.firstSeenAt.getTime()).toBeLessThanOrEqual(group.lastSeenAt.getTime());

    // A different failure is a different row.
    log.error({ err: new TypeError("Cannot read properties of undefined (reading 'total')") }, "request failed");
    await flushErrorGroups();
    expect((await listErrorGroups()).groups.filter((g) => g.source === "server")).toHaveLength(2);
  });

  it("lists a browser's report, refuses what is not one, and caps a flood from one address without a 5xx", async () => {
    resetBrowserErrorLimits();
    const server = createServer((req, res) => answerBrowserErrorReport(req, res, "102.89.34.17"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BROWSER_ERROR_REPORT_PATH}`;
    const post = (body: unknown, type = "application/json") =>
      fetch(url, { method: "POST", headers: { "Content-Type": type }, body: typeof body === "string" ? body : JSON.stringify(body) });
    const report = {
      kind: "page",
      type: "TypeError",
      message: "cart.lines is undefined for emeka@example.com",
      stack: "TypeError: cart.lines is undefined\n    at CartSummary (https://zavolah.ng/assets/cart-Bx3.js:1:2345)",
      path: "/cart",
      reference: "0F1E2D3C4B",
    };
    try {
      const tooMany = await metricValue('browser_error_reports_total{outcome="too_many"}');
      expect((await post(report)).status).toBe(204);
      expect((await post("not json")).status).toBe(400);
      expect((await post({ ...report, kind: "other" })).status).toBe(400);
      expect((await post(report, "text/plain")).status).toBe(415);
      expect((await post({ ...report, stack: "x".repeat(20_000) })).status).toBe(413);
      // Three reports of this address were counted so far (the first and the two unreadable ones).
      const statuses: number[] = [];
      for (let i = 0; i < REPORTS_PER_ADDRESS_PER_MINUTE + 2; i++) statuses.push((await post(report)).status);
      expect(statuses.filter((s) => s === 204)).toHaveLength(REPORTS_PER_ADDRESS_PER_MINUTE - 3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expect(await metricValue('browser_error_reports_total{outcome="too_many"}')).toBe(tooMany + 5);
    } finally {
      server.close();
    }
    await flushErrorGroups();
    const browser = (await listErrorGroups()).groups.filter((g) => g.source === "browser");
    expect(browser).toHaveLength(1);
    expect(browser[0]).toMatchObject({
      type: "TypeError",
      count: REPORTS_PER_ADDRESS_PER_MINUTE - 2,
      lastRequestId: "0F1E2D3C4B",
      lastPath: "/cart",
    });
    expect(browser[0]!.message).not.toContain("emeka");
  });

  it("forgets an error not met for 30 days", async () => {
    const now = new Date();
    const old = { source: "server", type: "Error", message: "Old failure", stack: null } as const;
    await getDb()
      .insert(errorGroups)
      .values({
        fingerprint: fingerprintOf(old),
        ...old,
        firstSeenAt: new Date(now.getTime() - 40 * 86_400_000),
        lastSeenAt: new Date(now.getTime() - 31 * 86_400_000),
      });
    const before = (await listErrorGroups()).groups.length;
    expect(await pruneErrorGroups(now)).toBe(1);
    expect((await listErrorGroups()).groups).toHaveLength(before - 1);
  });
});

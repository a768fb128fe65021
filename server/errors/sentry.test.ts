import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { BROWSER_ERROR_REPORT_PATH } from "@domain/errors/browser-error-report";
import { startFakeSentry } from "../../tests/fakes/sentry";
import { metricValue } from "../../tests/support/metrics";
import { log } from "../log";
import { answerBrowserErrorReport, resetBrowserErrorLimits } from "./browser-error-reports";
import { startErrorReporting } from "./report-error";
import { MAX_QUEUED_EVENTS, TRACES_SAMPLE_RATE } from "./sentry";

// With SENTRY_DSN, errors go to Sentry (or GlitchTip) through its SDK, tagged with the release and the request id, and
// scrubbed of everything personal (docs/operations.md#error-reports). A local server speaking Sentry's envelope
// protocol plays the service: answering, holding its answers, or not there at all.

const fake = await startFakeSentry();
afterAll(() => fake.close());

/** Polls until `check` holds, for up to 10 s. */
async function until(check: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const SECRETS = {
  email: "adaeze.nwosu@example.com",
  phone: "+2348031234567",
  pin: "4821",
  code: "583920",
  token: "Kq8Zr2Lm9Xw4Pt6Yb1Nc3Vd5Fg7Hj0s",
  cookie: "zavolah.session_token=Wm3Qx8Lp2Zr7Kt5Yb9Nc1Vd4Fg6Hj0a",
  authorization: "Bearer Tz6Pq1Lm8Xw3Rk5Yb2Nc9Vd4Fg7Hj0e",
};

/** A page of ours failing in the middle of a request that carried a cookie, a bearer token and secrets in its address. */
async function requestThatFails(requestId: string) {
  const server = createServer((req, res) => {
    log.error(
      {
        err: new Error(
          `Confirming ${SECRETS.email} (${SECRETS.phone}) failed: PIN ${SECRETS.pin}, code=${SECRETS.code}, token=${SECRETS.token}`,
        ),
        requestId,
        path: `/account/verify?code=${SECRETS.code}`,
      },
      "request failed",
    );
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/account/verify?code=${SECRETS.code}&email=${SECRETS.email}`, {
      headers: { Cookie: SECRETS.cookie, Authorization: SECRETS.authorization },
    });
  } finally {
    server.close();
  }
}

const leaks = (event: unknown) => {
  const text = JSON.stringify(event);
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(secret) || text.includes(encodeURIComponent(secret)))
    .map(([name]) => name);
};

describe("error reports to a Sentry-compatible service", () => {
  it("sends a server error with the release and request id, and nothing personal", async () => {
    const stop = await startErrorReporting({ dsn: fake.dsn, release: "fe36781abcde", environment: "staging" });
    try {
      await requestThatFails("7A8B9C0D1E");
      await until(() => fake.events().some((e) => (e.tags as Record<string, string> | undefined)?.request_id === "7A8B9C0D1E"));
      const event = fake.events().find((e) => (e.tags as Record<string, string>).request_id === "7A8B9C0D1E")!;
      expect(event).toMatchObject({ release: "fe36781abcde", environment: "staging", tags: { source: "server" } });
      expect(leaks(event)).toEqual([]);
      const exception = JSON.stringify(event.exception);
      expect(exception).toContain("[email]");
      expect(exception).toContain("requestThatFails");

      // A visitor's browser reports through the site, which sends it on the same way.
      resetBrowserErrorLimits();
      const site = createServer((req, res) => answerBrowserErrorReport(req, res, "197.210.54.3"));
      await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
      const answer = await fetch(`http://127.0.0.1:${(site.address() as AddressInfo).port}${BROWSER_ERROR_REPORT_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          kind: "rejection",
          type: "TypeError",
          message: `Failed to fetch for ${SECRETS.email}, PIN ${SECRETS.pin}`,
          stack: `TypeError: Failed to fetch\n    at submitPin (https://zavolah.ng/assets/pin-Qx1.js:1:4410)`,
          path: "/zavcharge/driver",
          reference: "1122AABBCC",
        }),
      });
      site.close();
      expect(answer.status).toBe(204);
      await until(() => fake.events().some((e) => (e.tags as Record<string, string>).request_id === "1122AABBCC"));
      const browser = fake.events().find((e) => (e.tags as Record<string, string>).request_id === "1122AABBCC")!;
      expect(browser).toMatchObject({ release: "fe36781abcde", tags: { source: "browser", path: "/zavcharge/driver" } });
      expect(leaks(browser)).toEqual([]);
      expect(JSON.stringify(browser.exception)).toContain("submitPin");
    } finally {
      await stop();
    }
  });

  it("traces one request in ten and sends every error", async () => {
    const Sentry = await import("@sentry/node");
    const stop = await startErrorReporting({ dsn: fake.dsn, release: "r", environment: "test" });
    try {
      expect(Sentry.getClient()?.getOptions()).toMatchObject({
        sampleRate: 1,
        tracesSampleRate: TRACES_SAMPLE_RATE,
        sendDefaultPii: false,
      });
      expect(TRACES_SAMPLE_RATE).toBe(0.1);
    } finally {
      await stop();
    }
  });

  it("keeps a bounded queue while the service does not answer, and drops the rest with a count", async () => {
    const stop = await startErrorReporting({ dsn: fake.dsn, release: "r", environment: "test" });
    const dropped = await metricValue('error_reports_total{source="server",outcome="dropped"}');
    const sent = await metricValue('error_reports_total{source="server",outcome="sent"}');
    fake.hold();
    try {
      for (let i = 0; i < MAX_QUEUED_EVENTS + 30; i++) log.error({ err: new Error(`Provider timed out (${i})`) }, "provider failed");
      await until(async () => (await metricValue('error_reports_total{source="server",outcome="dropped"}')) === dropped + 30);
      // The queued ones are on their way (the SDK sends a few at a time); answered now, each is counted once, sent or,
      // had the SDK given up waiting, dropped.
      await until(() => fake.heldCount() > 0);
      fake.release();
      const counted = async () =>
        (await metricValue('error_reports_total{source="server",outcome="sent"}')) -
        sent +
        (await metricValue('error_reports_total{source="server",outcome="dropped"}')) -
        dropped;
      await until(async () => (await counted()) === MAX_QUEUED_EVENTS + 30);
      expect(await metricValue('error_reports_total{source="server",outcome="sent"}')).toBeGreaterThan(sent);
    } finally {
      fake.release();
      await stop();
    }
  });

  it("carries on when the service cannot be reached, counting what it could not send", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const stop = await startErrorReporting({
      dsn: `http://fakepublickey0123456789abcdef0@127.0.0.1:${port}/4242`,
      release: "r",
      environment: "test",
    });
    const dropped = await metricValue('error_reports_total{source="server",outcome="dropped"}');
    try {
      log.error({ err: new Error("Brevo refused the message") }, "delivery failed");
      // Stopped while the send is still failing: a shutdown is never held up or broken by the service.
      await stop();
      await until(async () => (await metricValue('error_reports_total{source="server",outcome="dropped"}')) === dropped + 1);
    } finally {
      await stop();
    }
  });
});

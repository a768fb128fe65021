import { expect, test } from "@playwright/test";
import { E2E_METRICS_TOKEN } from "../../fakes/fake-config";

// GET /metrics (docs/operations.md#monitoring): Prometheus' text format for the scraper holding METRICS_TOKEN, nothing
// for anyone else; a product page is counted under its route pattern, never under the address visited.

test("a scraper with the token reads the counts by route pattern; without it, 401 and an empty body", async ({ request }) => {
  const refused = await request.get("/metrics");
  expect(refused.status()).toBe(401);
  expect(await refused.text()).toBe("");
  const wrong = await request.get("/metrics", { headers: { Authorization: "Bearer not-the-token-at-all" } });
  expect(wrong.status()).toBe(401);

  const scrape = async () => {
    // With two instances behind haproxy each counts its own: ask until the one answering has seen the page and a
    // forged webhook (counted by the pages' code, in the server bundle: the same registry).
    expect((await request.get("/store/detachable-smart-sofa?utm_source=whatsapp")).status()).toBe(200);
    const forged = await request.post("/api/webhooks/paystack", {
      data: '{"event":"charge.success","data":{"reference":"ZAV-FORGED"}}',
      headers: { "Content-Type": "application/json", "x-paystack-signature": "0".repeat(128) },
    });
    expect(forged.status()).toBe(401);
    const res = await request.get("/metrics", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    return res.text();
  };
  await expect.poll(scrape).toMatch(/^http_requests_total\{route="\/store\/:slug",method="GET",status="200"\} \d+$/m);
  await expect.poll(scrape).toMatch(/^payment_webhooks_total\{provider="paystack",result="refused"\} \d+$/m);
  const text = await scrape();
  expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.25",route="\/store\/:slug",method="GET"\} \d+$/m);
  expect(text).toMatch(/^zavolah_build_info\{release="[^"]+"\} 1$/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
  // And what the database holds, read at the scrape: the outbox and the scheduler's jobs.
  expect(text).toMatch(/^outbox_messages\{status="queued"\} \d+$/m);
  expect(text).toMatch(/^job_period_seconds\{job="[a-z-]+"\} \d+$/m);
  // On PostgreSQL, its connection pool.
  if (process.env.DATABASE_URL) expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
  // No series is named after an address a visitor typed.
  expect(text).not.toContain("detachable-smart-sofa");
  expect(text).not.toContain("utm_source");
});

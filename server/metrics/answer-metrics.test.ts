import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createMinuteLimiter } from "../http/minute-limiter";

// GET /metrics for the scraper holding METRICS_TOKEN only (docs/operations.md#monitoring): an address guessing tokens is
// refused for the rest of the minute after ten wrong ones, without its token being compared, and other addresses are not.

import { answerMetrics, WRONG_TOKENS_PER_MINUTE } from "./answer-metrics";

const TOKEN = "metrics-test-token-0123456789abcdef";

describe("the wrong-token limit", () => {
  it("refuses a guessing address with 429 once it has sent ten wrong tokens, and serves another address", async () => {
    let address = "102.89.34.17";
    const server = createServer((req, res) => void answerMetrics(req, res, address, TOKEN));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    const scrape = (token: string) => fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    try {
      const guesses: number[] = [];
      for (let i = 0; i < WRONG_TOKENS_PER_MINUTE + 2; i++) guesses.push((await scrape(`guess-${i}`)).status);
      expect(guesses.slice(0, WRONG_TOKENS_PER_MINUTE).every((s) => s === 401)).toBe(true);
      expect(guesses.slice(WRONG_TOKENS_PER_MINUTE)).toEqual([429, 429]);
      // Even the right token, from the guessing address, waits for the minute to turn.
      expect((await scrape(TOKEN)).status).toBe(429);
      address = "197.210.54.3";
      const scraped = await scrape(TOKEN);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain("http_requests_total");
    } finally {
      server.close();
    }
  });

  it("forgets the counts when the minute turns, and caps the instance's total", () => {
    const limits = createMinuteLimiter({ perAddress: 2, total: 3 });
    const at = Date.parse("2026-12-08T10:00:00Z");
    limits.count("a", at);
    limits.count("a", at + 1);
    expect(limits.tooMany("a", at + 2)).toBe(true);
    limits.count("b", at + 3);
    expect(limits.tooMany("c", at + 4)).toBe(true);
    expect(limits.tooMany("a", at + 60_000)).toBe(false);
    expect(limits.tooMany("c", at + 60_000)).toBe(false);
  });
});

import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "../env";
import { safeEqual } from "../payments/providers/payment-provider";
import { log } from "../log";
import { readDatabaseFigures } from "./database-figures";
import { countRateLimited, declareEveryMetric, metricsRegistry, setDatabaseFigures } from "./registry";
import { createMinuteLimiter } from "../http/minute-limiter";

// GET /metrics (docs/operations.md#monitoring): only for the scraper holding METRICS_TOKEN. Without the token the
// answer says nothing (no metric names, no hint of what is counted); with no token configured the address is not served.
// An address sending wrong tokens is refused for the rest of the minute after ten (429), counted in memory.

/** Wrong tokens an address may send in a minute before it is refused without its token being looked at. */
export const WRONG_TOKENS_PER_MINUTE = 10;
const wrongTokens = createMinuteLimiter({ perAddress: WRONG_TOKENS_PER_MINUTE });

/** Answers a scrape from `address`; `token` is METRICS_TOKEN's (a test hands in its own). */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse, address: string, token = env.METRICS_TOKEN): Promise<void> {
  if (!token) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    return void res.end("Not found.");
  }
  if (wrongTokens.tooMany(address)) {
    countRateLimited("metrics");
    res.writeHead(429, { "Retry-After": "60", "Cache-Control": "no-store", "Content-Length": "0" });
    return void res.end();
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!bearer || !safeEqual(bearer, token)) {
    wrongTokens.count(address);
    res.writeHead(401, { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store", "Content-Length": "0" });
    return void res.end();
  }
  declareEveryMetric();
  try {
    setDatabaseFigures(await readDatabaseFigures(new Date()));
  } catch (error) {
    // The database is away: the process's own figures still answer, and /ready says what is down.
    log.warn({ err: error }, "metrics: the database's figures could not be read");
  }
  const body = await metricsRegistry().metrics();
  res.writeHead(200, { "Content-Type": metricsRegistry().contentType, "Cache-Control": "no-store" });
  res.end(body);
}

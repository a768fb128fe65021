import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "../env";
import { safeEqual } from "../payments/providers/payment-provider";
import { log } from "../log";
import { readDatabaseFigures } from "./database-figures";
import { declareEveryMetric, metricsRegistry, setDatabaseFigures } from "./registry";

// GET /metrics (docs/operations.md#monitoring): only for the scraper holding METRICS_TOKEN. Without the token the
// answer says nothing (no metric names, no hint of what is counted); with no token configured the address is not served.

export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = env.METRICS_TOKEN;
  if (!token) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    return void res.end("Not found.");
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!bearer || !safeEqual(bearer, token)) {
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

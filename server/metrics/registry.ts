import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
  type Metric,
} from "prom-client";
import type { TDatabaseFigures } from "./database-figures";

// What the running site counts, in Prometheus' names (docs/operations.md#monitoring): units in the name, `_total` on
// counters, and label values from small fixed sets (a route's pattern, never the address asked for), so a scraper's
// series stay bounded however many ids and query strings visitors send.

// One registry a process, on globalThis: the server bundle (the pages' code) and server/main.ts each hold a copy of
// this module, and a webhook counted by a page must be on the /metrics main.ts answers. Everything here is made on
// first use, so a module that imports this one and reaches the browser bundle (a page reading a constant of a server
// module) brings no metric and no prom-client work with it: the module has no effect when loaded.
const KEY = Symbol.for("zavolah.metrics-registry");
type THolder = { registry: Registry; sources: Map<string, () => TSample[]> };
const holder = (): THolder =>
  ((globalThis as { [KEY]?: THolder })[KEY] ??= (() => {
    const registry = new Registry();
    // Node's own: event-loop lag, heap, garbage collection, handles, CPU and memory of the process.
    collectDefaultMetrics({ register: registry });
    return { registry, sources: new Map() };
  })());

export const metricsRegistry = (): Registry => holder().registry;

/** The metric of that name, made by its first use in this process. */
function declared<T extends Metric>(name: string, make: () => T): T {
  return (metricsRegistry().getSingleMetric(name) as T | undefined) ?? make();
}
const counter = <L extends string>(c: Omit<CounterConfiguration<L>, "registers">) =>
  declared(c.name, () => new Counter<L>({ ...c, registers: [metricsRegistry()] }));
const gauge = <L extends string>(c: Omit<GaugeConfiguration<L>, "registers">) =>
  declared(c.name, () => new Gauge<L>({ ...c, registers: [metricsRegistry()] }));
const histogram = <L extends string>(c: Omit<HistogramConfiguration<L>, "registers">) =>
  declared(c.name, () => new Histogram<L>({ ...c, registers: [metricsRegistry()] }));

const buildInfo = () =>
  gauge({
    name: "zavolah_build_info",
    help: "1 for the build this process runs, labelled with its release (the git commit).",
    labelNames: ["release"] as const,
  });

/** Names the build once, at start (server/main.ts). */
export function setBuildRelease(release: string): void {
  buildInfo().reset();
  buildInfo().set({ release }, 1);
}

const httpRequests = () =>
  counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
  });

const httpDuration = () =>
  histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    // A page on a phone should start within a second; past 10 s the visitor has left.
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request; `route` is a pattern from a fixed set (see routeLabel in site-server.ts). */
export function recordHttpRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  const m = method && METHODS.has(method) ? method : "OTHER";
  httpRequests().inc({ route, method: m, status: String(status) });
  httpDuration().observe({ route, method: m }, seconds);
}

const pageCacheRequests = () =>
  counter({
    name: "page_cache_requests_total",
    help: "Requests for a cacheable public page, answered from memory (hit) or rendered (miss).",
    labelNames: ["result"] as const,
  });

/** A cacheable page was asked for (server/http/page-cache.ts). */
export function countPageCache(hit: boolean): void {
  pageCacheRequests().inc({ result: hit ? "hit" : "miss" });
}

const shedRequests = () =>
  counter({
    name: "http_requests_shed_total",
    help: "New page and gateway requests answered 503 at once because the process was too busy, by what showed it.",
    labelNames: ["reason"] as const,
  });

export type TShedReason = "event_loop_lag" | "requests_in_flight";

/** A new request was answered 503 by load shedding (server/http/load-shedding.ts). */
export function countShedRequest(reason: TShedReason): void {
  shedRequests().inc({ reason });
}

const webhooks = () =>
  counter({
    name: "payment_webhooks_total",
    help: "Payment provider webhooks by provider and result: applied, duplicate, ignored, refused (bad signature or body), error.",
    labelNames: ["provider", "result"] as const,
  });

export type TWebhookCount = "applied" | "duplicate" | "ignored" | "refused" | "error";

/** A provider's webhook was answered (server/payments/handle-webhook.ts). */
export function countWebhook(provider: string, result: TWebhookCount): void {
  webhooks().inc({ provider, result });
}

// Read from the database at each scrape (server/metrics/database-figures.ts).
const outboxMessages = () =>
  gauge({
    name: "outbox_messages",
    help: "Messages not yet sent, by status (queued, sending, failed).",
    labelNames: ["status"] as const,
  });
const outboxOldest = () =>
  gauge({
    name: "outbox_oldest_unsent_age_seconds",
    help: "How long the oldest message waiting to be sent has waited; 0 when none waits.",
  });
const jobLastFinished = () =>
  gauge({
    name: "job_last_finished_timestamp_seconds",
    help: "When each scheduled job last finished (Unix time); 0 if never.",
    labelNames: ["job"] as const,
  });
const jobLastFailed = () =>
  gauge({
    name: "job_last_run_failed",
    help: "1 when a scheduled job's last run failed.",
    labelNames: ["job"] as const,
  });
const jobPeriod = () =>
  gauge({
    name: "job_period_seconds",
    help: "How often each scheduled job is due.",
    labelNames: ["job"] as const,
  });
const jobOverdue = () =>
  gauge({
    name: "job_overdue_seconds",
    help: "How long a due job has waited for an instance to run it; 0 when not due or running.",
    labelNames: ["job"] as const,
  });
const lastBackup = () =>
  gauge({
    name: "backup_last_success_timestamp_seconds",
    help: "When the newest backup that succeeded finished (Unix time); 0 if none.",
  });

const payoutsWaiting = () =>
  gauge({
    name: "payout_requests_waiting",
    help: "Payout requests not yet settled, by payee (seller, referrer) and status (requested: in the admins' queue, sending: on its way through the provider).",
    labelNames: ["payee", "status"] as const,
  });
const payoutsWaitingKobo = () =>
  gauge({
    name: "payout_requests_waiting_kobo",
    help: "What the payout requests not yet settled add up to, in kobo, by payee and status.",
    labelNames: ["payee", "status"] as const,
  });
const commissionsPending = () =>
  gauge({
    name: "referral_commissions_pending",
    help: "Referral commissions earned and held until their order can no longer be returned.",
  });
const commissionsPendingKobo = () =>
  gauge({
    name: "referral_commissions_pending_kobo",
    help: "What the held referral commissions add up to, in kobo.",
  });

const unix = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : 0);

/** Sets the database's figures before a scrape is answered. */
export function setDatabaseFigures(f: TDatabaseFigures): void {
  for (const { status, count } of f.outbox) outboxMessages().set({ status }, count);
  outboxOldest().set(f.oldestUnsentSeconds);
  for (const job of f.jobs) {
    jobLastFinished().set({ job: job.name }, unix(job.lastFinishedAt));
    jobLastFailed().set({ job: job.name }, job.failed ? 1 : 0);
    jobPeriod().set({ job: job.name }, job.periodSeconds);
    jobOverdue().set({ job: job.name }, job.overdueSeconds);
  }
  lastBackup().set(unix(f.lastBackupAt));
  for (const { payee, status, count, kobo } of f.payoutsWaiting) {
    payoutsWaiting().set({ payee, status }, count);
    payoutsWaitingKobo().set({ payee, status }, kobo);
  }
  commissionsPending().set(f.commissionsPending.count);
  commissionsPendingKobo().set(f.commissionsPending.kobo);
}

type TSample = { labels: Record<string, string>; value: number };

// Figures only their owner can see (its open connections, its sockets), read at each scrape from what the owner hands
// in through readAtScrape when it starts (the charger gateway, the realtime server, the PostgreSQL pool).
const SCRAPED = {
  chargers_connected: { help: "Chargers connected to this instance, by protocol (ocpp, mqtt).", labelNames: ["protocol"] },
  websocket_clients: { help: "Realtime websocket clients connected to this instance.", labelNames: [] },
  db_pool_connections: { help: "PostgreSQL connections of this instance's pool, by state (in_use, idle).", labelNames: ["state"] },
  db_pool_waiting_queries: { help: "Queries waiting for a free PostgreSQL connection on this instance.", labelNames: [] },
  http_requests_in_flight: {
    help: "Page and gateway requests this instance has admitted and not yet answered (load shedding counts them).",
    labelNames: [],
  },
} as const;
type TScraped = keyof typeof SCRAPED;

const scraped = (name: TScraped) =>
  gauge({
    name,
    help: SCRAPED[name].help,
    labelNames: SCRAPED[name].labelNames,
    collect() {
      this.reset();
      for (const { labels, value } of holder().sources.get(name)?.() ?? []) this.set(labels, value);
    },
  });

/** The owner of a figure says how to read it; the last to say wins (one owner a process). */
export function readAtScrape(name: TScraped, read: () => TSample[]): void {
  holder().sources.set(name, read);
  scraped(name);
}

const ocppCalls = () =>
  counter({
    name: "ocpp_calls_total",
    help: "OCPP calls on this instance, by direction (in: from a charger, out: to one) and action.",
    labelNames: ["direction", "action"] as const,
  });

/** An OCPP call was sent or received; `action` one of OCPP 1.6's names or "other". */
export function countOcppCall(direction: "in" | "out", action: string): void {
  ocppCalls().inc({ direction, action });
}

const rateLimited = () =>
  counter({
    name: "rate_limit_refusals_total",
    help: "Attempts refused for being too many (sign-in, PIN, codes, forms), by what was attempted.",
    labelNames: ["kind"] as const,
  });

/** An attempt was refused by a rate limit (server/auth/rate-limits.ts). */
export function countRateLimited(kind: string): void {
  rateLimited().inc({ kind });
}

const paymentConfirmations = () =>
  counter({
    name: "payment_confirmations_total",
    help: "Card payments checked with their provider (callback, webhook, reconciler), by outcome: paid counts each payment once.",
    labelNames: ["provider", "outcome"] as const,
  });

/** A card payment was checked with its provider (server/payments/confirm-payment.ts). */
export function countPaymentConfirmation(provider: string, outcome: string): void {
  paymentConfirmations().inc({ provider, outcome });
}

const refundsSent = () =>
  counter({
    name: "refunds_total",
    help: "Refunds sent back or recorded as paid back by hand, by payment method and result (processed, failed).",
    labelNames: ["method", "result"] as const,
  });

/** A refund was sent (or refused by its provider). */
export function countRefund(method: string, result: "processed" | "failed"): void {
  refundsSent().inc({ method, result });
}

const payouts = () =>
  counter({
    name: "payouts_total",
    help: "Payout requests moved by their bank transfer, by payee (seller, referrer) and result: sent to the provider, paid, failed (the amount back in the balance), or requeued (the provider never received it). Each request moves once.",
    labelNames: ["payee", "result"] as const,
  });

/** A payout request's transfer was sent or settled (server/payments/payout-request-transfer.ts), once. */
export function countPayout(payee: string, result: "sent" | "paid" | "failed" | "requeued"): void {
  payouts().inc({ payee, result });
}

const commissionsApproved = () =>
  counter({
    name: "referral_commissions_approved_total",
    help: "Referral commissions approved (their order past its return window) and so payable to the referrer.",
  });

/** Held commissions were approved (server/referrals/approve-held-commissions.ts). */
export function countCommissionsApproved(n: number): void {
  commissionsApproved().inc(n);
}

const statementDuration = () =>
  histogram({
    name: "db_statement_duration_seconds",
    help: "Time each database statement took, from sending it to its answer, by database (postgres, pglite).",
    labelNames: ["database"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });

/** One statement's time (server/db/client.ts). */
export function recordStatement(database: "postgres" | "pglite", seconds: number): void {
  statementDuration().observe({ database }, seconds);
}

const mqttMessages = () =>
  counter({
    name: "mqtt_messages_total",
    help: "MQTT messages the server's client received (in) or published (out), by topic family (variable parts as +).",
    labelNames: ["direction", "topic"] as const,
  });

const MQTT_TOPIC_FAMILIES = new Set<string>();
const MAX_MQTT_TOPIC_FAMILIES = 40;

/** A topic without its variable parts ("zavcharge/chargers/+/status"): the label stays a short, fixed list. */
export function mqttTopicFamily(topic: string): string {
  const parts = topic.split("/");
  const family = parts.map((part, i) => (i >= 2 && i < parts.length - 1 ? "+" : part)).join("/");
  if (MQTT_TOPIC_FAMILIES.has(family)) return family;
  if (MQTT_TOPIC_FAMILIES.size >= MAX_MQTT_TOPIC_FAMILIES || family.length > 80) return "other";
  MQTT_TOPIC_FAMILIES.add(family);
  return family;
}

/** A message went through the server's MQTT client (server/zavcharge/chargers/mqtt/start-mqtt.ts). */
export function countMqttMessage(direction: "in" | "out", topic: string): void {
  mqttMessages().inc({ direction, topic: mqttTopicFamily(topic) });
}

const errorReports = () =>
  counter({
    name: "error_reports_total",
    help: "Errors reported, by where they happened (server, browser) and what became of them: sent to the error-reporting service, kept on the site's own error list, or dropped (its queue full, unreachable, or the list's database away).",
    labelNames: ["source", "outcome"] as const,
  });

export type TErrorReportOutcome = "sent" | "listed" | "dropped";

/** An error was reported (server/errors/report-error.ts) or one could not be delivered. */
export function countErrorReport(source: string, outcome: TErrorReportOutcome, n = 1): void {
  errorReports().inc({ source, outcome }, n);
}

const browserErrorReports = () =>
  counter({
    name: "browser_error_reports_total",
    help: "Error reports sent by visitors' browsers, by what the site did: accepted, or refused as too many, too large or unreadable.",
    labelNames: ["outcome"] as const,
  });

/** A browser sent an error report (server/errors/browser-error-reports.ts). */
export function countBrowserErrorReport(outcome: "accepted" | "too_many" | "too_large" | "invalid"): void {
  browserErrorReports().inc({ outcome });
}

/** Makes every metric this file declares, so a scrape (and the monitoring test) sees each name from the start. */
export function declareEveryMetric(): void {
  for (const make of [
    buildInfo,
    httpRequests,
    httpDuration,
    pageCacheRequests,
    shedRequests,
    webhooks,
    outboxMessages,
    outboxOldest,
    jobLastFinished,
    jobLastFailed,
    jobPeriod,
    jobOverdue,
    lastBackup,
    ocppCalls,
    rateLimited,
    paymentConfirmations,
    refundsSent,
    errorReports,
    browserErrorReports,
    payoutsWaiting,
    payoutsWaitingKobo,
    commissionsPending,
    commissionsPendingKobo,
    payouts,
    commissionsApproved,
    statementDuration,
    mqttMessages,
  ] as (() => unknown)[])
    make();
  for (const name of Object.keys(SCRAPED) as TScraped[]) scraped(name);
}

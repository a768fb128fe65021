import type * as SentryNode from "@sentry/node";
import type { ErrorEvent, Event, NodeOptions } from "@sentry/node";
import { countErrorReport } from "../metrics/registry";
import { processGlobal } from "../process-global";
import type { TErrorReport, TErrorSource } from "./error-report";
import { scrubText, scrubValue } from "./scrub";

// The error-reporting service (SENTRY_DSN: Sentry, or GlitchTip, which speaks its protocol), through Sentry's SDK for
// Node (docs/operations.md#error-reports). Every error is sent (sample rate 1.0), one request in ten is traced (0.1);
// nothing personal leaves: the SDK's own personal data is off, and every event is scrubbed before it goes. When the
// service cannot be reached, events wait in memory up to MAX_QUEUED_EVENTS; past that they are dropped and counted
// (error_reports_total{outcome="dropped"}), and the site carries on. The SDK is loaded only when a DSN is set.

export const ERROR_SAMPLE_RATE = 1.0;
export const TRACES_SAMPLE_RATE = 0.1;
export const MAX_QUEUED_EVENTS = 100;

/** The request headers an event keeps: none that identifies the visitor or their session. */
const KEPT_HEADERS = new Set(["user-agent", "accept", "accept-language", "content-type", "content-length", "referer", "host"]);

/** An event as it may leave: scrubbed texts, no user, no cookies, no body, only harmless headers. */
export function scrubEvent<T extends Event>(event: T): T {
  const { user: _user, request, ...rest } = event;
  const scrubbed: T = {
    ...rest,
    message: event.message === undefined ? undefined : scrubText(event.message),
    exception: scrubValue(event.exception),
    breadcrumbs: scrubValue(event.breadcrumbs),
    extra: scrubValue(event.extra),
    tags: scrubValue(event.tags),
  } as T;
  if (request) {
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())));
    scrubbed.request = {
      method: request.method,
      url: request.url === undefined ? undefined : scrubText(request.url),
      query_string: scrubValue(request.query_string),
      headers: scrubValue(headers),
    };
  }
  return scrubbed;
}

type TSentry = typeof SentryNode;
/** The SDK once started; one a process (server/process-global.ts), so the pages' bundle sends through it too. */
const started = processGlobal("sentry", () => ({ sdk: null as TSentry | null }));

/** Which source an envelope's error event came from (our tag); null for what is not an error (a trace, a report). */
function sourceOf(envelope: readonly [unknown, readonly (readonly [unknown, unknown])[]]): TErrorSource | null {
  for (const [header, payload] of envelope[1]) {
    if ((header as { type?: string }).type !== "event") continue;
    const source = (payload as Event).tags?.source;
    return source === "browser" ? "browser" : "server";
  }
  return null;
}

/** Starts the SDK; errors reported after this go to the service. */
export async function startSentry(options: { dsn: string; release: string; environment: string }): Promise<void> {
  const Sentry = await import("@sentry/node");
  const transport: NodeOptions["transport"] = (transportOptions) => {
    // Our own queue bound (the SDK's is set just above it, so ours decides): its answer counts each error once.
    const inner = Sentry.makeNodeTransport({ ...transportOptions, bufferSize: MAX_QUEUED_EVENTS + 1 });
    let queued = 0;
    return {
      send(envelope) {
        const source = sourceOf(envelope);
        if (queued >= MAX_QUEUED_EVENTS) {
          if (source) countErrorReport(source, "dropped");
          return Promise.resolve({});
        }
        queued += 1;
        const delivered = (answer: { statusCode?: number }) =>
          answer.statusCode !== undefined && answer.statusCode >= 200 && answer.statusCode < 300;
        return Promise.resolve(inner.send(envelope))
          .then(
            (answer) => {
              if (source) countErrorReport(source, delivered(answer) ? "sent" : "dropped");
              return answer;
            },
            () => {
              if (source) countErrorReport(source, "dropped");
              return {};
            },
          )
          .finally(() => {
            queued -= 1;
          });
      },
      // The SDK's own flush fails with the error of a send that failed while it waited: a flush only waits, and says
      // whether everything went (false when not).
      flush: (timeout) =>
        Promise.resolve(inner.flush(timeout)).then(
          (drained) => drained,
          () => false,
        ),
    };
  };
  Sentry.init({
    dsn: options.dsn,
    release: options.release,
    environment: options.environment,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    // The process keeps Node's own behaviour on an uncaught error (the SDK's handlers would change it); errors reach
    // the service through the log (server/errors/report-error.ts), and the console is not an error.
    integrations: (defaults) => defaults.filter((i) => !["OnUncaughtException", "OnUnhandledRejection", "Console"].includes(i.name)),
    transport,
    beforeSend: (event: ErrorEvent) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubValue(breadcrumb),
  });
  started.sdk = Sentry;
}

/** Sends one report (already scrubbed) with its tags; `thrown`, when it is this process's own error, for its frames. */
export function sendToSentry(report: TErrorReport, thrown: unknown): boolean {
  const Sentry = started.sdk;
  if (!Sentry) return false;
  const error =
    thrown instanceof Error ? thrown : Object.assign(new Error(report.message), { name: report.type, stack: report.stack ?? undefined });
  Sentry.withScope((scope) => {
    scope.setTag("source", report.source);
    if (report.requestId) scope.setTag("request_id", report.requestId);
    if (report.path) scope.setTag("path", report.path);
    Sentry.captureException(error);
  });
  return true;
}

/** Sends what waits (at shutdown), for up to `timeoutMs`; never fails, so a shutdown goes on whatever the service does. */
export async function flushSentry(timeoutMs = 2_000): Promise<void> {
  try {
    await started.sdk?.flush(timeoutMs);
  } catch {
    // What could not be sent is already counted as dropped.
  }
}

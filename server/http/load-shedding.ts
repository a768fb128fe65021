import { AsyncResource } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env, type TEnv } from "../env";
import { countShedRequest, readAtScrape, type TShedReason } from "../metrics/registry";
import { answerUnavailable } from "./unavailable";

// Load shedding (docs/operations.md#load-shedding, docs/decisions/0052-load-shedding.md): when this process has more
// to do than it can, a new request for a rendered page or the gateway gets a fast 503 "Back in a moment" with
// Retry-After instead of waiting seconds in the queue behind the others. Two signs of it, each a setting:
// - the event loop late past SHED_EVENT_LOOP_LAG_MS (twice in the last LAG_WINDOW_MS): everything this process does
//   waits that long, whatever it is;
// - SHED_MAX_REQUESTS_IN_FLIGHT requests already admitted and not finished: one more would only wait its turn.
// Only the admission of a new request is refused. What never passes here goes on: /health, /ready, /metrics, static
// files and cached public pages (answered before, from memory), OCPP and the realtime websocket (upgrades, not
// requests), and the payment providers' webhooks, which are admitted and counted but never refused. A request already
// admitted always finishes.

/** How often the loop's lateness is sampled, and how long a late sample counts. */
const SAMPLE_MS = 50;
const LAG_WINDOW_MS = 500;
/** How admitted requests are started (see createLoadShedder): the most time a turn of the loop spends starting them,
 * how many run at once, and how long one holds its place. */
const TURN_MS = 10;
const RUNNING_AT_ONCE = 2;
const RUNNING_MS = 200;

// Payment providers' webhooks (app/routes/api/payment-webhook.ts): a refused one is sent again later, but the payment
// it confirms would wait for it, and it costs little.
const NEVER_REFUSED = /^\/api\/webhooks\//;

export type TSheddingSettings = { eventLoopLagMs: number; maxRequestsInFlight: number };

/** The settings from the environment (server/env.ts); 0 turns either sign off. */
export function sheddingSettings(from: Pick<TEnv, "SHED_EVENT_LOOP_LAG_MS" | "SHED_MAX_REQUESTS_IN_FLIGHT"> = env): TSheddingSettings {
  return { eventLoopLagMs: from.SHED_EVENT_LOOP_LAG_MS, maxRequestsInFlight: from.SHED_MAX_REQUESTS_IN_FLIGHT };
}

/**
 * How late the event loop is: a timer due every SAMPLE_MS notes how much later than that it ran. One a process,
 * started by the first shedder that needs it; it keeps nothing alive (unref).
 */
const lagSamples: { at: number; lateMs: number }[] = [];
let sampler: NodeJS.Timeout | undefined;
function startLagSampler(): void {
  if (sampler) return;
  let last = performance.now();
  sampler = setInterval(() => {
    const now = performance.now();
    lagSamples.push({ at: now, lateMs: Math.max(0, now - last - SAMPLE_MS) });
    last = now;
    while (lagSamples.length > 0 && lagSamples[0]!.at < now - LAG_WINDOW_MS) lagSamples.shift();
  }, SAMPLE_MS);
  sampler.unref();
}

/**
 * How late the loop has been over the last LAG_WINDOW_MS, in ms: the second largest lateness sampled, so that it was
 * at least that late twice. One long task alone (a route's modules compiled on its first request, a long garbage
 * collection) does not turn visitors away; a loop that stays late does. 0 before two samples.
 */
export function eventLoopLagMs(): number {
  const since = performance.now() - LAG_WINDOW_MS;
  let most = 0;
  let second = 0;
  for (const s of lagSamples) {
    if (s.at < since) continue;
    if (s.lateMs > most) [most, second] = [s.lateMs, most];
    else if (s.lateMs > second) second = s.lateMs;
  }
  return second;
}

export type TLoadShedder = {
  /**
   * Admits a new request, to be started by `start` in its turn (counted in flight until its answer ends), or answers it
   * 503 at once. `json`: the caller is a script (the gateway).
   */
  admit: (req: IncomingMessage, res: ServerResponse, start: () => void, options?: { json?: boolean }) => void;
  /** Requests admitted and not yet finished, those waiting to start included. */
  inFlight: () => number;
};

export function createLoadShedder(settings: TSheddingSettings = sheddingSettings()): TLoadShedder {
  let inFlight = 0;
  const off = settings.eventLoopLagMs === 0 && settings.maxRequestsInFlight === 0;
  if (settings.eventLoopLagMs > 0) startLagSampler();
  readAtScrape("http_requests_in_flight", () => [{ labels: {}, value: inFlight }]);

  // Admitted requests start in turns, a few at once, after the loop has read what else arrived. On the embedded
  // database a rendered page is 20-40 ms of CPU and its statements wait in one queue: requests started as soon as they
  // are read all finish together, seconds later, in turns of the loop so long that nothing else (a new request, /ready,
  // a charger) is read meanwhile. Started from here, RUNNING_AT_ONCE at a time and at most TURN_MS of starts a turn,
  // the others wait in this queue (counted in flight), so a request that arrives is answered, admitted or refused
  // within a turn or two. A request running for longer than RUNNING_MS is waiting on something else (a payment
  // provider, a slow statement) and no longer holds its place: the next one starts.
  const waiting: (() => void)[] = [];
  const runningSince = new Map<ServerResponse, number>();
  let pumping = false;
  let retimer: NodeJS.Timeout | undefined;
  const running = (now: number) => {
    let n = 0;
    for (const since of runningSince.values()) if (now - since < RUNNING_MS) n += 1;
    return n;
  };
  const pump = () => {
    pumping = false;
    const began = performance.now();
    let now = began;
    while (waiting.length > 0 && running(now) < RUNNING_AT_ONCE && now - began < TURN_MS) {
      waiting.shift()!();
      now = performance.now();
    }
    if (waiting.length === 0) return;
    if (running(now) < RUNNING_AT_ONCE) return schedulePump();
    // Every place is held: try again when the oldest stops counting, if no answer ends first.
    clearTimeout(retimer);
    retimer = setTimeout(schedulePump, Math.max(1, Math.min(...runningSince.values()) + RUNNING_MS - now)).unref();
  };
  const schedulePump = () => {
    if (pumping) return;
    pumping = true;
    setImmediate(pump);
  };

  function busy(): TShedReason | null {
    if (settings.maxRequestsInFlight > 0 && inFlight >= settings.maxRequestsInFlight) return "requests_in_flight";
    if (settings.eventLoopLagMs > 0 && eventLoopLagMs() >= settings.eventLoopLagMs) return "event_loop_lag";
    return null;
  }

  return {
    admit(req, res, start, { json = false } = {}) {
      const neverRefused = NEVER_REFUSED.test(req.url ?? "/");
      const reason = neverRefused ? null : busy();
      if (reason) {
        countShedRequest(reason);
        return answerUnavailable(req, res, { reason: "busy", json });
      }
      inFlight += 1;
      res.once("close", () => (inFlight -= 1));
      // Webhooks go on at once; with shedding off, every request does, as it always had.
      if (neverRefused || off) return start();
      // In the caller's async context (the statement count of docs/performance.md#queries-per-request).
      const run = AsyncResource.bind(start);
      waiting.push(() => {
        // A visitor who left while their request waited: nothing to start.
        if (res.destroyed) return;
        runningSince.set(res, performance.now());
        res.once("close", () => {
          runningSince.delete(res);
          if (waiting.length > 0) schedulePump();
        });
        run();
      });
      schedulePump();
    },
    inFlight: () => inFlight,
  };
}

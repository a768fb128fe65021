import type { ServerResponse } from "node:http";
import { getDbHandle } from "../db/client";

// Two questions a load balancer or orchestrator asks (docs/operations.md#health-and-shutdown):
// - GET /health, "is the process alive?": 200 whenever it answers. A database outage is not a reason to restart it.
// - GET /ready, "send it traffic?": 200 when the database and every shared service this instance was given (Redis,
//   the MQTT broker) answer within 2 s and it is not shutting down; 503 with what is down otherwise.

/** A shared service this instance needs to serve well; check() resolves when it answers, throws or hangs when not. */
export type TReadinessProbe = { name: string; check: () => Promise<unknown> | unknown };

type TReadiness = { probes: TReadinessProbe[]; draining: boolean };
const readiness: TReadiness = { probes: [], draining: false };

/** Registers a shared service for /ready (main.ts: Redis, the broker). The database is always checked. */
export function addReadinessProbe(probe: TReadinessProbe): void {
  readiness.probes.push(probe);
}

/** Shutdown has begun: /ready answers 503 so the balancer sends new requests elsewhere. */
export function startDraining(): void {
  readiness.draining = true;
}

/** Tests: forget probes and draining. */
export function resetReadiness(): void {
  readiness.probes = [];
  readiness.draining = false;
}

const PROBE_TIMEOUT_MS = 2000;

async function answers(check: TReadinessProbe["check"]): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), PROBE_TIMEOUT_MS))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function send(res: ServerResponse, status: number, body: Record<string, string>) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/** GET /health: the process is alive. */
export function answerHealth(res: ServerResponse) {
  send(res, 200, { status: "ok" });
}

/** GET /ready: 200 when this instance can serve (database and shared services up, not shutting down), 503 otherwise. */
export async function answerReady(res: ServerResponse) {
  const probes: TReadinessProbe[] = [{ name: "database", check: () => getDbHandle().ping() }, ...readiness.probes];
  const results = await Promise.all(probes.map(async (p) => [p.name, (await answers(p.check)) ? "up" : "down"] as const));
  const body: Record<string, string> = Object.fromEntries(results);
  const ok = !readiness.draining && results.every(([, state]) => state === "up");
  send(res, ok ? 200 : 503, { status: ok ? "ok" : readiness.draining ? "shutting down" : "unavailable", ...body });
}

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { parseBody, readBody } from "./fake-provider";

// The common half of the fake messaging providers (brevo.ts, klaviyo.ts, twilio.ts, termii.ts): a local HTTP
// server that checks the provider's authentication, records every request it accepted, and can be told to
// answer the next N calls with an error status (403, 429 with Retry-After, 451, 500) to test the fallback.

export type TRecorded = { method: string; path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
export type TAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A repeat the provider recognised (its idempotency key): answered as before, not delivered again. */
  repeat?: boolean;
};

export type TMessagingFakeSpec = {
  name: string;
  /** True when the request carries the right credentials (header, basic auth or body field). */
  authorised(req: TRecorded): boolean;
  /** The documented answer to an authorised request; null for a path the provider does not have. */
  answer(req: TRecorded, n: number): TAnswer | null;
  /** The provider's own error body for a status. */
  errorBody(status: number): unknown;
};

export type TMessagingFake = {
  url: string;
  /** Requests that were authorised and answered with success, in order: what recipients got. */
  sent: TRecorded[];
  /** Repeats answered with success but not delivered again (a provider's idempotency key). */
  repeats: TRecorded[];
  /** Every request that reached the fake, failed ones included. */
  calls: TRecorded[];
  /** Answers the next `count` calls with `status` (and Retry-After when given). */
  failNext(status: number, count?: number, retryAfterSeconds?: number): void;
  reset(): void;
  close(): Promise<void>;
};

export async function startMessagingFake(spec: TMessagingFakeSpec, port = 0): Promise<TMessagingFake> {
  const sent: TRecorded[] = [];
  const repeats: TRecorded[] = [];
  const calls: TRecorded[] = [];
  let failures: { status: number; count: number; retryAfter?: number } | null = null;

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const rec: TRecorded = {
      method: req.method ?? "GET",
      path: url.pathname,
      headers: req.headers,
      body: parseBody(raw, req.headers["content-type"]),
    };
    calls.push(rec);
    const reply = ({ status, body, headers }: TAnswer) => {
      res.writeHead(status, { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (url.pathname === "/health") return reply({ status: 200, body: { ok: true } });
    // For journeys run against the fake in another process: what it accepted, oldest first (tests/e2e/support.ts: smsCodeTo).
    if (url.pathname === "/_fake/sent") return reply({ status: 200, body: sent.map((r) => r.body) });
    if (!spec.authorised(rec)) return reply({ status: 401, body: spec.errorBody(401) });
    if (failures && failures.count > 0) {
      const { status, retryAfter } = failures;
      if (--failures.count === 0) failures = null;
      return reply({
        status,
        body: spec.errorBody(status),
        headers: retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : undefined,
      });
    }
    const answer = spec.answer(rec, sent.length + 1);
    if (!answer) return reply({ status: 404, body: spec.errorBody(404) });
    if (answer.status < 300) (answer.repeat ? repeats : sent).push(rec);
    reply(answer);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    repeats,
    calls,
    failNext(status, count = 1, retryAfterSeconds) {
      failures = { status, count, retryAfter: retryAfterSeconds };
    },
    reset() {
      sent.length = 0;
      repeats.length = 0;
      calls.length = 0;
      failures = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import type { IncomingMessage } from "node:http";
import { env } from "../env";

/**
 * The caller's address, worked out once per request by server/main.ts. Behind N proxies of ours (TRUST_PROXY=N) it
 * is the N-th X-Forwarded-For entry from the right: each of our proxies appends the address it was reached from, so
 * with one balancer it is the right-most entry, and with a CDN in front of the balancer the one before it. Entries
 * further left are the client's to write and never trusted.
 */
export function peerAddress(req: IncomingMessage): string {
  const trusted = Number(env.TRUST_PROXY);
  if (trusted > 0) {
    const hops = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops[Math.max(0, hops.length - trusted)]!;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** For rate limits and audit: the address main.ts stamped on the request (clients cannot set it). */
export function clientIp(request: Request): string {
  return request.headers.get("x-zavolah-peer") ?? "unknown";
}

/** The browser's own id the site server stamped on the request (http/device-cookie.ts), when it has one. */
export function clientDevice(request: Request): string | null {
  return request.headers.get("x-zavolah-device") || null;
}

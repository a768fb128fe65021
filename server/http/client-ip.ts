import type { IncomingMessage } from "node:http";
import { env } from "../env";

/**
 * The caller's address, worked out once per request by server/main.ts. Behind a proxy (TRUST_PROXY=1) it is
 * the right-most X-Forwarded-For entry, the one our proxy added; entries to its left are the client's to write.
 */
export function peerAddress(req: IncomingMessage): string {
  if (env.TRUST_PROXY === "1") {
    const hops = String(req.headers["x-forwarded-for"] ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops[hops.length - 1]!;
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

import { env } from "../env";

/**
 * The caller's IP for rate limits and audit. Behind a proxy (TRUST_PROXY=1) the first X-Forwarded-For
 * hop; otherwise the socket address that server/main.ts stamps on every request as x-zavolah-peer.
 */
export function clientIp(request: Request): string {
  if (env.TRUST_PROXY === "1") {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return request.headers.get("x-zavolah-peer") ?? "unknown";
}

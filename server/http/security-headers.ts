import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { mapTilesOrigin } from "../env";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The headers of docs/product/site-shell.md, with a Content-Security-Policy that allows only what the site uses: its own scripts
 * (inline ones carry the per-request nonce), styles (sonner injects its own), images and fonts.
 */
export function setSecurityHeaders(res: ServerResponse, nonce: string, dev: boolean) {
  const scriptSrc = dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
  const connectSrc = dev ? "'self' ws: wss:" : "'self'";
  // The ZavCharge map's tile host, when one is configured (docs/product/zavcharge.md#stations-and-slots).
  const tiles = mapTilesOrigin();
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ""}`,
      "font-src 'self'",
      `connect-src ${connectSrc}`,
      "media-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
  );
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-XSS-Protection", "0"); // the legacy filter is itself an XSS vector; CSP replaces it
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=(self)");
}

/** Headers a browser would send from our own pages, for calling use cases that read request headers. */
export function browserHeaders(cookie?: string): Headers {
  const h = new Headers({ origin: "http://localhost:3000", "user-agent": "vitest", "x-zavolah-peer": "10.0.0.1" });
  if (cookie) h.set("cookie", cookie);
  return h;
}

/** The session cookie from a better-auth response's Set-Cookie headers, as a Cookie header value. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c!.endsWith("="))
    .join("; ");
}

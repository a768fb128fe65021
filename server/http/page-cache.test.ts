import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { updateSettings } from "../settings/update-settings";
import { bumpContentVersion, cacheKeyFor as keyFor, contentVersion, createPageCache } from "./page-cache";
import { createNonce, setSecurityHeaders } from "./security-headers";

useTestDatabase();

// The app says which paths are public, indexable pages (app/http/page-cache-match.server.ts); here, these.
const PAGES = new Set(["/about", "/store"]);
const cacheKeyFor = (method: string | undefined, url: string | undefined, cookie: string | undefined) =>
  keyFor(method, url, cookie, (p) => PAGES.has(p));

// The same wiring as server/main.ts, in front of a page that shows who asked and when it was rendered.
let server: Server;
let base = "";
let renders = 0;
let cache = createPageCache({ ttlMs: 60_000 });

beforeAll(async () => {
  const compress = compression();
  server = createServer((req, res) => {
    const nonce = createNonce();
    setSecurityHeaders(res, nonce, false);
    const key = cacheKeyFor(req.method, req.url, req.headers.cookie);
    if (cache.serve(req, res, key, (n) => setSecurityHeaders(res, n, false))) return;
    compress(req as never, res as never, () => {
      cache.capture(res, key, nonce);
      renders += 1;
      const who = /session_token=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "anonymous";
      if (req.url === "/about?flash=1") res.setHeader("Set-Cookie", "zavolah_flash=; Max-Age=0");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<html><body><p>hello ${who}, render ${renders}</p><script nonce="${nonce}">1</script></body></html>`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => bumpContentVersion());

async function get(path: string, cookie?: string) {
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
  return { res, body: await res.text() };
}

function nonceIn(csp: string | null) {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

describe("anonymous page cache", () => {
  it("serves an anonymous visitor's second request from memory, with the CSP nonce its scripts carry", async () => {
    const first = await get("/about");
    const second = await get("/about");
    expect(first.res.headers.get("x-page-cache")).toBeNull();
    expect(second.res.headers.get("x-page-cache")).toBe("hit");
    expect(second.body).toBe(first.body);
    const nonce = nonceIn(second.res.headers.get("content-security-policy"));
    expect(second.body).toContain(`<script nonce="${nonce}">`);
    // gzip for browsers that ask for it
    const gz = await fetch(base + "/about", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(first.body);
  });

  it("never serves a cached page to a signed-in request, nor stores one rendered for it", async () => {
    await get("/about"); // stored for anonymous visitors
    const signedIn = await get("/about", "zavolah.session_token=abc.def; theme=dark");
    expect(signedIn.res.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.body).toContain("hello abc.def");
    const again = await get("/about", "zavolah.session_token=abc.def");
    expect(again.body).toContain("hello abc.def");
    expect(again.res.headers.get("x-page-cache")).toBeNull();
    const anonymous = await get("/about");
    expect(anonymous.body).toContain("hello anonymous");
  });

  it("keys by theme and skips flash cookies, queries, noindex and signed-in-only pages, and responses that set cookies", async () => {
    expect(cacheKeyFor("GET", "/about", "theme=light")).toBe("light /about");
    expect(cacheKeyFor("GET", "/about", undefined)).toBe("dark /about");
    expect(cacheKeyFor("GET", "/about?utm_source=x", undefined)).toBe("dark /about");
    expect(cacheKeyFor("GET", "/about", "zavolah_flash=abc")).toBeNull();
    // A referral link's remembered code changes no page, so a referred visitor still gets the cached pages.
    expect(cacheKeyFor("GET", "/about", "zavolah_ref=ZV3K7M2Q; theme=light")).toBe("light /about");
    expect(cacheKeyFor("GET", "/about?login=true", undefined)).toBeNull();
    expect(cacheKeyFor("POST", "/about", undefined)).toBeNull();
    expect(cacheKeyFor("GET", "/account", undefined)).toBeNull(); // not a page the app calls cacheable
    expect(cacheKeyFor("GET", "/about.data", undefined)).toBeNull();
    await get("/about?flash=1");
    expect((await get("/about?flash=1")).res.headers.get("x-page-cache")).toBeNull();
  });

  it("drops every page when a setting changes", async () => {
    const id = `admin-${Math.random().toString(36).slice(2)}`;
    await getDb()
      .insert(users)
      .values({ id, name: "Adaeze Okonkwo", email: `${id}@zavolah.ng`, role: "admin" });
    await get("/about");
    expect((await get("/about")).res.headers.get("x-page-cache")).toBe("hit");
    const before = contentVersion();
    expect(await updateSettings(id, { heroTitle: "What makes a school?" })).toEqual({ changed: ["heroTitle"] });
    expect(contentVersion()).toBe(before + 1);
    const after = await get("/about");
    expect(after.res.headers.get("x-page-cache")).toBeNull();
  });

  it("expires entries after the TTL", async () => {
    let clock = 1_000_000;
    const saved = cache;
    cache = createPageCache({ ttlMs: 60_000, now: () => clock });
    try {
      await get("/about");
      expect((await get("/about")).res.headers.get("x-page-cache")).toBe("hit");
      clock += 61_000;
      expect((await get("/about")).res.headers.get("x-page-cache")).toBeNull();
    } finally {
      cache = saved;
    }
  });
});

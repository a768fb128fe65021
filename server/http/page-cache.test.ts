import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-database";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { updateSettings } from "../settings/update-settings";
import { bumpContentVersion, cacheTargetFor, contentVersion, createPageCache, renderForNobody, SHARED_PAGE_HEADER } from "./page-cache";
import { createNonce, setSecurityHeaders } from "./security-headers";

useTestDatabase();

// The app says which paths are public pages and who may share them (app/http/page-cache-match.server.ts); here, these.
const SHARING = new Map([
  ["/about", "everyone"],
  ["/store", "everyone"],
  ["/contact", "anonymous"],
] as const);
const targetFor = (method: string | undefined, url: string | undefined, cookie: string | undefined) =>
  cacheTargetFor(method, url, cookie, (p) => SHARING.get(p as never) ?? null);
const cacheKeyFor = (method: string | undefined, url: string | undefined, cookie: string | undefined) =>
  targetFor(method, url, cookie)?.key ?? null;

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
    const target = targetFor(req.method, req.url, req.headers.cookie);
    if (cache.serve(req, res, target?.key ?? null, (n) => setSecurityHeaders(res, n, false))) return;
    renderForNobody(req, target);
    compress(req as never, res as never, () => {
      cache.capture(res, target?.key ?? null, nonce);
      renders += 1;
      const who = /session_token=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "anonymous";
      const copy = req.headers[SHARED_PAGE_HEADER] === "signed-in" ? " (your parts after load)" : "";
      if (req.url === "/about?flash=1") res.setHeader("Set-Cookie", "zavolah_flash=; Max-Age=0");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(`<html><body><p>hello ${who}${copy}, render ${renders}</p><script nonce="${nonce}">1</script></body></html>`);
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

  it("sends signed-in visitors one copy rendered for nobody, kept apart from the anonymous one", async () => {
    await get("/about"); // stored for anonymous visitors
    const ada = await get("/about", "zavolah.session_token=ada.sig; theme=dark");
    expect(ada.res.headers.get("x-page-cache")).toBeNull();
    expect(ada.body).toContain("hello anonymous (your parts after load)");
    expect(ada.body).not.toContain("ada.sig");
    const bola = await get("/about", "zavolah.session_token=bola.sig");
    expect(bola.res.headers.get("x-page-cache")).toBe("hit");
    expect(bola.body).toBe(ada.body);
    // A guest with a cart gets the same copy; the anonymous copy still offers to sign in.
    expect((await get("/about", "cart=9f1c")).body).toBe(ada.body);
    const anonymous = await get("/about");
    expect(anonymous.res.headers.get("x-page-cache")).toBe("hit");
    expect(anonymous.body).toContain("hello anonymous, render");
  });

  it("renders a page that shows the visitor their own data for each signed-in visitor, never from the cache", async () => {
    await get("/contact");
    expect((await get("/contact")).res.headers.get("x-page-cache")).toBe("hit");
    const ada = await get("/contact", "__Secure-zavolah.session_token=ada.sig");
    expect(ada.res.headers.get("x-page-cache")).toBeNull();
    expect(ada.body).toContain("hello ada.sig");
    const again = await get("/contact", "__Secure-zavolah.session_token=ada.sig");
    expect(again.res.headers.get("x-page-cache")).toBeNull();
    expect((await get("/contact")).body).not.toContain("ada.sig");
  });

  it("renders a request with a pending second step, or any cookie it does not know, for its sender", () => {
    const cookie = "zavolah.session_token=ada.sig";
    expect(targetFor("GET", "/about", cookie)).toEqual({ key: "signed-in dark /about", audience: "signed-in", theme: "dark" });
    expect(targetFor("GET", "/about", `${cookie}; zavolah.two_factor=x`)).toBeNull();
  });

  it("keys by theme and skips flash cookies, queries, noindex and signed-in-only pages, and responses that set cookies", async () => {
    expect(cacheKeyFor("GET", "/about", "theme=light")).toBe("anonymous light /about");
    expect(cacheKeyFor("GET", "/about", undefined)).toBe("anonymous dark /about");
    expect(cacheKeyFor("GET", "/about?utm_source=x", undefined)).toBe("anonymous dark /about");
    expect(cacheKeyFor("GET", "/about", "zavolah_flash=abc")).toBeNull();
    // A referral link's remembered code changes no page, so a referred visitor still gets the cached pages.
    expect(cacheKeyFor("GET", "/about", "zavolah_ref=ZV3K7M2Q; theme=light")).toBe("anonymous light /about");
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

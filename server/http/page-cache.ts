import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { REFERRAL_COOKIE } from "@domain/referrals/referral";
import { getDb, type Tx } from "../db/client";
import { DEVICE_COOKIE } from "./device-cookie";
import { stampInternalHeaders } from "./internal-headers";

// Rendered HTML of public pages, kept in memory (docs/decisions/0032-signed-in-pages-from-the-page-cache.md).
// Safe by construction:
// - only a GET for a public, indexable page, with no query (apart from tracking parameters) and no cookie
//   other than `theme` and the personal ones below: no flash, nothing that could make the page differ between visitors;
// - a signed-in visitor is sent a copy rendered with their cookies removed (so for nobody), kept apart from the
//   anonymous copy because it waits for the visitor's own parts instead of offering to sign in;
// - only a 200 text/html response that sets no cookie is stored, keyed by audience + path + theme;
// - every content write calls bumpContentVersion(), which drops all entries at once; a 60 s TTL is the
//   backstop. With several instances on PostgreSQL the others are told through NOTIFY and drop theirs too
//   (./share-page-cache.ts), within a second.
//
// CSP: the cached HTML carries the nonce of the request that rendered it (in its script tags and in the
// root loader's data), so a hit is sent with that same nonce in its Content-Security-Policy header.
// Re-using a nonce for at most a minute on pages that hold no user input is an accepted trade-off: it is
// what lets a hit skip rendering and gzip entirely.

type TEntry = { html: Buffer; gzip: Buffer; headers: Record<string, string>; nonce: string; version: number; expires: number };
type TState = { version: number; entries: Map<string, TEntry>; tellOtherInstances?: () => void };

// On globalThis: the server bundle (where use cases such as update-settings live) and server/main.ts
// each hold their own copy of this module, and both must see one version.
const KEY = Symbol.for("zavolah.page-cache");
function state(): TState {
  const g = globalThis as { [KEY]?: TState };
  return (g[KEY] ??= { version: 0, entries: new Map() });
}

/** Call after any write that changes what a public page shows (settings, blog posts, products, courses...). */
export function bumpContentVersion(): void {
  dropAllPages();
  state().tellOtherInstances?.();
}

/** The pages are renewed when the write that returned this result succeeded; the result is passed on. */
export function refreshPublicPages<T extends { ok: boolean }>(result: T): T {
  if (result.ok) bumpContentVersion();
  return result;
}

/** A write that changes what public pages show, in one transaction; once it has committed, the pages are renewed. */
export async function changePublicContent<T extends { ok: boolean }>(change: (tx: Tx) => Promise<T>): Promise<T> {
  return refreshPublicPages(await getDb().transaction(change));
}

function dropAllPages(): void {
  const s = state();
  s.version += 1;
  s.entries.clear();
}

/** How this instance tells the others that content changed (./share-page-cache.ts); undefined: alone. */
export function setContentChangeBroadcast(tell: (() => void) | undefined): void {
  state().tellOtherInstances = tell;
}

/**
 * Another instance changed content, or this one may have missed such news (its LISTEN connection was re-made): every
 * page is dropped now, and again a second later, because the writer may tell us before its transaction commits and a
 * page rendered in between would show the old content.
 */
export function contentChangedElsewhere(): void {
  dropAllPages();
  setTimeout(dropAllPages, 1000).unref();
}

export function contentVersion(): number {
  return state().version;
}

const IGNORED_QUERY = /^(utm_[a-z]+|fbclid|gclid)$/;

/**
 * Who may be sent a page's shared copy, from the app's route table (app/http/page-cache-match.server.ts):
 * "everyone" for public, indexable pages whose HTML is the same for all; "anonymous" for public pages that show a
 * signed-in visitor their own data in the HTML (a prefilled form); null for the rest.
 */
export type TPageSharing = "everyone" | "anonymous" | null;
export type TPageSharingFor = (pathname: string) => TPageSharing;

/**
 * A request the cache may answer. "anonymous": the page as rendered for this request. "signed-in": a visitor with a
 * session (or a guest cart) gets the page rendered for nobody, and their own parts (name, cart, counts) come from
 * /api/me after load (docs/product/site-shell.md#personal-parts); site-server.ts renders it with their cookies removed.
 */
export type TCacheTarget = { key: string; audience: "anonymous" | "signed-in"; theme: "dark" | "light" };

// Cookies that make a request personal without changing the shared page: better-auth's session (its cookiePrefix
// is "zavolah", server/auth/auth.ts; "__Secure-" on https) and the guest cart (server/cart/cart-cookie.ts).
const PERSONAL_COOKIE = /^(?:__Secure-)?zavolah\.(?:session_token|session_data|dont_remember)$|^cart$/;

/** Where the cache may answer this request from, or null when it must be rendered for its sender alone. */
export function cacheTargetFor(
  method: string | undefined,
  rawUrl: string | undefined,
  cookieHeader: string | undefined,
  sharingFor: TPageSharingFor,
): TCacheTarget | null {
  if (method !== "GET" || !rawUrl) return null;
  let theme: "dark" | "light" = "dark";
  let personal = false;
  if (cookieHeader) {
    for (const part of cookieHeader.split(";")) {
      const eq = part.indexOf("=");
      const name = part.slice(0, eq < 0 ? undefined : eq).trim();
      // The referral link's code and the browser's id change no page (refer-and-earn.md).
      if (!name || name === REFERRAL_COOKIE || name === DEVICE_COOKIE) continue;
      if (PERSONAL_COOKIE.test(name)) personal = true;
      else if (name === "theme") theme = part.slice(eq + 1).trim() === "light" ? "light" : "dark";
      else return null; // a flash message, a pending second step, or anything we do not know
    }
  }
  const q = rawUrl.indexOf("?");
  const pathname = q < 0 ? rawUrl : rawUrl.slice(0, q);
  if (q >= 0) {
    for (const name of new URLSearchParams(rawUrl.slice(q + 1)).keys()) if (!IGNORED_QUERY.test(name)) return null;
  }
  if (pathname.endsWith(".data")) return null;
  const sharing = sharingFor(pathname);
  if (!sharing || (personal && sharing !== "everyone")) return null;
  const audience = personal ? "signed-in" : "anonymous";
  return { key: `${audience} ${theme} ${pathname}`, audience, theme };
}

/** Set on the request that renders a signed-in visitor's shared copy; empty on every other (site-server.ts stamps it). */
export const SHARED_PAGE_HEADER = "x-zavolah-shared-page";

/**
 * Before a signed-in visitor's shared copy is rendered: the request loses the visitor's cookies, so the page is
 * rendered for nobody and can be kept for all, and says which copy it is (app/http/shell.server.ts reads it).
 */
export function renderForNobody(req: IncomingMessage, target: TCacheTarget | null): void {
  if (target?.audience !== "signed-in") return;
  stampInternalHeaders(req, { cookie: `theme=${target.theme}`, "x-zavolah-device": "", [SHARED_PAGE_HEADER]: "signed-in" });
}

export type TPageCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

export function createPageCache({ ttlMs = 60_000, maxEntries = 500, now = Date.now }: TPageCacheOptions = {}) {
  /** Answers from the cache when it can; true when the response has been sent. */
  function serve(req: IncomingMessage, res: ServerResponse, key: string | null, setCsp: (nonce: string) => void): boolean {
    if (!key) return false;
    const s = state();
    const entry = s.entries.get(key);
    if (!entry) return false;
    if (entry.version !== s.version || entry.expires <= now()) {
      s.entries.delete(key);
      return false;
    }
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    setCsp(entry.nonce);
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? entry.gzip : entry.html;
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.setHeader("X-Page-Cache", "hit");
    res.end(body);
    return true;
  }

  /**
   * Records the uncompressed body of a response being rendered for key, and stores it when it finishes as
   * a 200 HTML page that sets no cookie. Install it inside the compression middleware, so it sees raw bytes.
   */
  function capture(res: ServerResponse, key: string | null, nonce: string): void {
    if (!key) return;
    const version = state().version; // a write during rendering must not let this older page in
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      store(res, key, nonce, version, Buffer.concat(chunks));
      return end(chunk, ...rest);
    }) as typeof res.end;
  }

  function store(res: ServerResponse, key: string, nonce: string, version: number, html: Buffer) {
    const s = state();
    if (version !== s.version || res.statusCode !== 200 || res.hasHeader("set-cookie")) return;
    if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
    if (/no-store|private/.test(String(res.getHeader("cache-control") ?? ""))) return;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (
        value === undefined ||
        /^(content-length|content-encoding|transfer-encoding|vary|content-security-policy|connection|x-page-cache)$/.test(name)
      )
        continue;
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    if (s.entries.size >= maxEntries) s.entries.delete(s.entries.keys().next().value!);
    s.entries.set(key, { html, gzip: gzipSync(html), headers, nonce, version, expires: now() + ttlMs });
  }

  return { serve, capture, size: () => state().entries.size };
}

export type TPageCache = ReturnType<typeof createPageCache>;

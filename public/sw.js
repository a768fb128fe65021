// Zavolah service worker (docs/product/site-shell.md#offline). Small on purpose, no library:
// - precaches the offline page and the hashed assets it loads (read from its HTML), fetched without cookies
//   so no signed-in page ever lands in a cache;
// - cache-first for hashed /assets/* and /images/*; network-first for page navigations, falling back to the
//   offline page when the network is gone;
// - never caches pages, POSTs, /api/* or /admin/* (they go straight to the network).
// Bump VERSION when this file's caching rules change: activate deletes every cache of an older version.
const VERSION = "v1";
const SHELL = `zavolah-shell-${VERSION}`;
const STATIC = `zavolah-static-${VERSION}`;
const OFFLINE_URL = "/offline";
const MAX_STATIC_ENTRIES = 80;

async function precacheShell() {
  const cache = await caches.open(SHELL);
  const response = await fetch(OFFLINE_URL, { credentials: "omit", cache: "no-store" });
  if (!response.ok) throw new Error(`offline page: ${response.status}`);
  const html = await response.text();
  // Kept without scripts: it is shown at whatever address failed, where React would not hydrate it.
  const page = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
  await cache.put(OFFLINE_URL, new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  const assets = new Set(["/favicon.svg", "/manifest.webmanifest"]);
  for (const match of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) assets.add(match[1]);
  for (const match of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) assets.add(match[1]);
  const statics = await caches.open(STATIC);
  await Promise.all([...assets].map((url) => statics.add(new Request(url, { credentials: "omit" })).catch(() => undefined)));
}

async function trim(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_STATIC_ENTRIES; i++) await cache.delete(keys[i]);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("zavolah-") && n !== SHELL && n !== STATIC).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(STATIC);
    await cache.put(request, response.clone());
    void trim(cache);
  }
  return response;
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL });
    if (!offline) throw error;
    // "Try again" goes back to the address that failed.
    const url = new URL(request.url);
    const here = (url.pathname + url.search).replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = (await offline.text()).replace('href="/offline" data-retry="1"', `href="${here}" data-retry="1"`);
    const csp = "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
    return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": csp } });
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pages are never cached; a failed navigation (any path) shows the offline page.
  if (request.mode === "navigate") return event.respondWith(networkFirstPage(request));
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/admin/")) return;
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/images/")) event.respondWith(cacheFirst(request));
});

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import compression from "compression";
import { createRequestListener } from "@react-router/node";
import type { ServerBuild } from "react-router";
import { openDatabase } from "./db/open-database";
import { seedDemo } from "./db/seed/seed-demo";
import { env, shouldSeedDemo } from "./env";
import { peerAddress } from "./http/client-ip";
import { answerHealth } from "./http/health";
import { stampInternalHeaders } from "./http/internal-headers";
import { cacheKeyFor, createPageCache, type TIsCacheablePage } from "./http/page-cache";
import { createNonce, setSecurityHeaders } from "./http/security-headers";
import { serveStatic } from "./http/static-files";
import { startJobs } from "./jobs/start-jobs";
import { dispatchUpgrades } from "./http/dispatch-upgrades";
import { createRealtimeServer } from "./realtime/realtime-server";
import { createOcppServer } from "./zavcharge/ocpp/ocpp-server";
import { uploadsRoot } from "./users/avatar-files";
import { log } from "./log";

// Process entry: database, jobs, and one HTTP server for pages, /api/auth, /health, the /ws websocket and the
// /ocpp/<chargePointId> websocket of chargers.
const dev = process.argv.includes("--dev");
const root = fileURLToPath(new URL("..", import.meta.url));

// Forms and the largest upload (a 1 MB avatar) fit well within this; anything bigger is refused before
// it is read into memory.
const MAX_BODY_BYTES = 2 * 1024 * 1024;

// Staff upload lesson videos (up to 200 MB, server/academy/academy-files.ts) on a course's page; the route
// checks the role before it reads the body.
const MAX_ACADEMY_UPLOAD_BYTES = 210 * 1024 * 1024;
const ACADEMY_UPLOAD_PATH = /^\/staff\/academy\/courses\/\d+(?:\.data)?(?:\?|$)/;

function bodyTooLarge(req: IncomingMessage): 0 | 411 | 413 {
  if (req.method === "GET" || req.method === "HEAD") return 0;
  const length = req.headers["content-length"];
  if (length === undefined) return req.headers["transfer-encoding"] ? 411 : 0;
  const max = ACADEMY_UPLOAD_PATH.test(req.url ?? "") ? MAX_ACADEMY_UPLOAD_BYTES : MAX_BODY_BYTES;
  return Number(length) > max ? 413 : 0;
}

async function main() {
  const started = Date.now();
  const db = await openDatabase();
  if (shouldSeedDemo) await seedDemo();
  const stopJobs = await startJobs();

  let handle: (req: IncomingMessage, res: ServerResponse) => void;
  let isCacheablePage: TIsCacheablePage | null = null;
  const compress = compression();
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, root });
    const listener = createRequestListener({
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    handle = (req, res) => vite.middlewares(req, res, () => serveStatic(uploadsRoot(), req, res, "/uploads") || listener(req, res));
  } else {
    const buildPath = new URL("../build/server/index.js", import.meta.url).href;
    const build = (await import(buildPath)) as ServerBuild;
    // The app's route table says which pages are public and indexable (app/entry.server.tsx exports it).
    isCacheablePage = (build.entry.module as { isCacheablePage?: TIsCacheablePage }).isCacheablePage ?? null;
    const listener = createRequestListener({ build, mode: "production" });
    const clientRoot = fileURLToPath(new URL("../build/client", import.meta.url));
    handle = (req, res) => {
      if (!serveStatic(clientRoot, req, res) && !serveStatic(uploadsRoot(), req, res, "/uploads")) listener(req, res);
    };
  }

  // Anonymous visitors' public pages come from memory (server/http/page-cache.ts); not in dev, where code changes
  // (the dev server has no build to ask which pages are cacheable).
  const pageCache = isCacheablePage ? createPageCache() : null;

  const server = createServer((req, res) => {
    // Headers only this server may set: drop any a client sent, then stamp the real values
    // (React Router builds its Request from rawHeaders, so both views are rewritten).
    const nonce = createNonce();
    stampInternalHeaders(req, { "x-zavolah-peer": peerAddress(req), "x-zavolah-nonce": nonce });
    setSecurityHeaders(res, nonce, dev);
    const tooLarge = bodyTooLarge(req);
    if (tooLarge) {
      res.writeHead(tooLarge, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
      return void res.end(tooLarge === 413 ? "The upload is too large (2 MB at most)." : "A request body needs a Content-Length.");
    }
    if (req.url === "/health" && req.method === "GET") return void answerHealth(res);
    const cacheKey = pageCache && isCacheablePage ? cacheKeyFor(req.method, req.url, req.headers.cookie, isCacheablePage) : null;
    if (pageCache?.serve(req, res, cacheKey, (cachedNonce) => setSecurityHeaders(res, cachedNonce, dev))) return;
    compress(req as never, res as never, () => {
      pageCache?.capture(res, cacheKey, nonce);
      handle(req, res);
    });
  });
  // One upgrade dispatcher: /ws is the realtime server, /ocpp/<chargePointId> the OCPP 1.6J central system
  // (docs/product/zavcharge.md#chargers); with no chargers configured nobody can connect there.
  const realtime = await createRealtimeServer(db);
  const ocpp = createOcppServer();
  dispatchUpgrades(server, { realtime: realtime.handleUpgrade, ocpp: ocpp.handleUpgrade });
  // Keep idle connections longer than clients and load balancers do (60 s is common): with Node's 5 s default the
  // server can close a socket just as a client reuses it, and that request fails with a reset connection.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(env.PORT, env.HOST, () => {
    log.info({ port: env.PORT, database: db.kind, ms: Date.now() - started }, `Zavolah is serving on http://localhost:${env.PORT}`);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    await realtime.close(); // upgraded sockets are no longer the HTTP server's connections
    await ocpp.close();
    server.closeAllConnections();
    server.close();
    await stopJobs();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  log.fatal({ err: error }, "start-up failed");
  process.exit(1);
});

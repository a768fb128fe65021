import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";
import type { ServerBuild } from "react-router";
import type { TPages } from "@server/http/site-server";
import type { TPageSharingFor } from "@server/http/page-cache";

// React Router plugged into the site's HTTP server (server/http/site-server.ts stays framework-free): the process
// entry (server/main.ts) makes this and hands it over. In dev, Vite compiles the app on each request; otherwise the
// production build answers, and its route table says which pages are public and may be cached.

export async function createPageListener({ dev, root, build }: { dev: boolean; root: string; build?: ServerBuild }): Promise<TPages> {
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, root });
    const listener = createRequestListener({
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
    return {
      answer: listener as (req: IncomingMessage, res: ServerResponse) => void,
      devFiles: (req, res, next) => vite.middlewares(req, res, next),
      pageSharingFor: null,
      routeOf: null,
    };
  }
  const serverBuild = build ?? ((await import(pathToFileURL(join(root, "build/server/index.js")).href)) as ServerBuild);
  // The app's route table says which pages are public and indexable (app/entry.server.tsx exports it).
  const entry = serverBuild.entry.module as { pageSharingFor?: TPageSharingFor; routePatternFor?: (pathname: string) => string };
  const pageSharingFor = entry.pageSharingFor ?? null;
  const routeOf = entry.routePatternFor ?? null;
  return { answer: createRequestListener({ build: serverBuild, mode: "production" }), devFiles: null, pageSharingFor, routeOf };
}

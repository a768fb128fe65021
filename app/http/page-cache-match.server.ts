import { matchRoutes } from "react-router";
import { ROUTE_TABLE, type TRouteEntry } from "~/lib/route-table";

// Which requests the anonymous page cache (server/http/page-cache.ts) may keep: public, indexable pages of
// the route table. The process entry gets this from the server build (app/entry.server.tsx re-exports it).

const routeObjects = ROUTE_TABLE.map((entry) => ({ path: entry.path, entry }));
const cacheableByPath = new Map<string, boolean>();

export function isCacheablePage(pathname: string): boolean {
  let known = cacheableByPath.get(pathname);
  if (known === undefined) {
    const entry: TRouteEntry | undefined = matchRoutes(routeObjects, pathname)?.[0]?.route.entry;
    known = !!entry && entry.access.allow === "public" && !entry.noindex && !entry.resource;
    if (cacheableByPath.size < 5000) cacheableByPath.set(pathname, known);
  }
  return known;
}

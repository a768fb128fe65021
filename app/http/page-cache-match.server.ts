import { routeEntryFor } from "./route-entry.server";

// Which requests the anonymous page cache (server/http/page-cache.ts) may keep: public, indexable pages of
// the route table. The process entry gets this from the server build (app/entry.server.tsx re-exports it).

export function isCacheablePage(pathname: string): boolean {
  const entry = routeEntryFor(pathname);
  return !!entry && entry.access.allow === "public" && !entry.noindex && !entry.resource;
}

import type { TPageSharing } from "@server/http/page-cache";
import { routeEntryFor } from "./route-entry.server";

// Which requests the page cache (server/http/page-cache.ts) may answer: public, indexable pages of the route table,
// for everyone unless the page shows a signed-in visitor their own data in its HTML. The process entry gets this
// from the server build (app/entry.server.tsx re-exports it).

export function pageSharingFor(pathname: string): TPageSharing {
  const entry = routeEntryFor(pathname);
  if (!entry || entry.access.allow !== "public" || entry.noindex || entry.resource) return null;
  return entry.personal ? "anonymous" : "everyone";
}

/** The route table's pattern for an address ("/store/:slug"): what the metrics count a page under, never the address. */
export function routePatternFor(pathname: string): string {
  return routeEntryFor(pathname)?.path ?? "unmatched";
}

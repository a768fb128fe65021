import { matchRoutes } from "react-router";
import { ROUTE_TABLE, type TRouteEntry } from "~/lib/route-table";

const routeObjects = ROUTE_TABLE.map((entry) => ({ path: entry.path, entry }));

// matchRoutes flattens and ranks the whole table on every call, and a request asks several times (access,
// page copy, page cache); addresses repeat, so the answers are kept, up to a bound against endless ids.
const entryByPath = new Map<string, TRouteEntry | null>();
const REMEMBERED_PATHS = 5000;

/** The route table's entry for an address (the catch-all at worst). */
export function routeEntryFor(pathname: string): TRouteEntry | undefined {
  let entry = entryByPath.get(pathname);
  if (entry === undefined) {
    entry = matchRoutes(routeObjects, pathname)?.[0]?.route.entry ?? null;
    if (entryByPath.size < REMEMBERED_PATHS) entryByPath.set(pathname, entry);
  }
  return entry ?? undefined;
}

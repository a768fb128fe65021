import { matchRoutes } from "react-router";
import { ROUTE_TABLE, type TRouteEntry } from "~/lib/route-table";

const routeObjects = ROUTE_TABLE.map((entry) => ({ path: entry.path, entry }));

/** The route table's entry for an address (the catch-all at worst). */
export function routeEntryFor(pathname: string): TRouteEntry | undefined {
  return matchRoutes(routeObjects, pathname)?.[0]?.route.entry;
}

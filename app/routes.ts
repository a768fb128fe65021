import { route, type RouteConfig } from "@react-router/dev/routes";
import { ROUTE_TABLE } from "./lib/route-table";

// Built from the one route table; unmatched paths fall to root's 404 boundary.
export default ROUTE_TABLE.map((entry) => route(entry.path, entry.file, { id: entry.path })) satisfies RouteConfig;

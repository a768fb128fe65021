import type { ServerResponse } from "node:http";

// The route pattern a request is counted under (server/metrics/registry.ts), set by whoever recognised it: the gateway
// names its operation's path, the site server its own addresses; pages are named from the route table when the answer
// ends. Kept beside the response, and gone with it.
const labels = new WeakMap<ServerResponse, string>();

export function labelRoute(res: ServerResponse, route: string): void {
  labels.set(res, route);
}

export function routeLabelOf(res: ServerResponse): string | undefined {
  return labels.get(res);
}

import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";

// One place decides who gets a websocket upgrade (docs/decisions/0015-ocpp-central-system.md): /ws goes to the
// realtime server, /ocpp/<chargePointId> to the OCPP central system, anything else is refused with 404.

type TUpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export type TUpgradeRoutes = { realtime: TUpgradeHandler; ocpp?: TUpgradeHandler };

export const REALTIME_UPGRADE_PATH = "/ws";
export const OCPP_UPGRADE_PREFIX = "/ocpp/";

function refuse(socket: Duplex, status: number, text: string) {
  socket.on("error", () => socket.destroy());
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

export function upgradeRouteFor(url: string | undefined): "realtime" | "ocpp" | null {
  let path: string;
  try {
    path = new URL(url ?? "/", "http://x").pathname;
  } catch {
    return null;
  }
  if (path === REALTIME_UPGRADE_PATH) return "realtime";
  if (
    path.startsWith(OCPP_UPGRADE_PREFIX) &&
    path.length > OCPP_UPGRADE_PREFIX.length &&
    !path.slice(OCPP_UPGRADE_PREFIX.length).includes("/")
  )
    return "ocpp";
  return null;
}

/** Installs the one `upgrade` listener of an HTTP server. */
export function dispatchUpgrades(server: Server, routes: TUpgradeRoutes): void {
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const route = upgradeRouteFor(req.url);
    if (route === "realtime") return routes.realtime(req, socket, head);
    if (route === "ocpp" && routes.ocpp) return routes.ocpp(req, socket, head);
    refuse(socket, 404, "Not Found");
  });
}

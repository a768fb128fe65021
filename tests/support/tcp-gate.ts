import { createConnection, createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP gate in front of a server (PostgreSQL in the tests): open, connections through it reach the server; closed,
 * they are refused and the ones through it are cut. Tests play an outage with it, never by stopping the real server.
 */
export async function createTcpGate(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let gate: Server | undefined;
  // A free port, kept for the gate's whole life.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));

  return {
    port,
    open(): Promise<void> {
      gate = createServer((inbound) => {
        const outbound = createConnection(target.port, target.host);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        // One side gone (a client killed, its connection reset) ends the other, as on a direct connection: else the
        // server would keep a dead client's session, and the locks of its open transaction, until TCP gave up on it.
        inbound.once("close", () => outbound.destroy());
        outbound.once("close", () => inbound.destroy());
        inbound.pipe(outbound).pipe(inbound);
      });
      return new Promise((resolve) => gate!.listen(port, "127.0.0.1", resolve));
    },
    close(): Promise<void> {
      for (const s of sockets) s.destroy();
      const closing = gate;
      gate = undefined;
      return new Promise((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
  };
}

/** The same database URL, reached through the gate. */
export function throughGate(databaseUrl: string, gatePort: number): string {
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${gatePort}`;
  return url.toString();
}

import type { Server } from "node:http";

/**
 * Counts the requests a server is answering, so shutdown can finish them (docs/operations.md#health-and-shutdown).
 * drain() stops taking connections, waits for the requests in flight (at most graceMs), then closes whatever is
 * left. Upgraded websockets are not requests: their servers close them on their own.
 */
export function trackRequests(server: Server) {
  let inFlight = 0;
  const waiters = new Set<() => void>();
  server.on("request", (_req, res) => {
    inFlight += 1;
    res.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) for (const wake of waiters) wake();
    });
  });

  return {
    inFlight: () => inFlight,
    async drain(graceMs: number): Promise<{ unfinished: number }> {
      server.close();
      // Node closes idle keep-alive connections on close(); busy ones finish their answer first.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => {
          if (inFlight === 0) return resolve();
          waiters.add(resolve);
        }),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
      const unfinished = inFlight;
      server.closeAllConnections();
      return { unfinished };
    },
  };
}

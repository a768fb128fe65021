import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { trackRequests } from "./drain";

// A real HTTP server whose answer waits until the test lets it go: shutdown must finish it, and take nothing new.
let server: Server;
afterEach(() => server?.closeAllConnections());

async function slowServer() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started: () => void = () => {};
  const requestStarted = new Promise<void>((resolve) => (started = resolve));
  server = createServer((_req, res) => {
    started();
    void released.then(() => res.end("your order is saved"));
  });
  const tracker = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  return { tracker, url, release, requestStarted };
}

describe("draining at shutdown", () => {
  it("finishes the request in flight and refuses new connections", async () => {
    const { tracker, url, release, requestStarted } = await slowServer();
    const inFlight = fetch(url).then(async (r) => [r.status, await r.text()] as const);
    await requestStarted;
    expect(tracker.inFlight()).toBe(1);

    const drained = tracker.drain(10_000);
    await expect(fetch(url, { headers: { connection: "close" } })).rejects.toThrow();
    release();
    expect(await inFlight).toEqual([200, "your order is saved"]);
    expect(await drained).toEqual({ unfinished: 0 });
  });

  it("closes a request still running when the grace period ends", async () => {
    const { tracker, url, requestStarted } = await slowServer();
    const stuck = fetch(url).then(
      () => "answered",
      () => "connection closed",
    );
    await requestStarted;
    expect(await tracker.drain(200)).toEqual({ unfinished: 1 });
    expect(await stuck).toBe("connection closed");
  });
});

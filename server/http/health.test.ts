import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, setDbHandle, type DbHandle } from "../db/client";
import { addReadinessProbe, answerHealth, answerReady, resetReadiness, startDraining } from "./health";

let server: Server;
let base = "";
let handle: DbHandle;

beforeAll(async () => {
  handle = await openPglite(undefined);
  setDbHandle(handle);
  server = createServer((req, res) => void (req.url === "/ready" ? answerReady(res) : answerHealth(res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  resetReadiness();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = async (path: string) => {
  const res = await fetch(base + path);
  return [res.status, await res.json()] as const;
};

describe("/health and /ready", () => {
  it("/ready names each shared service; one that fails or hangs makes it 503 while /health stays 200", async () => {
    let redisUp = true;
    addReadinessProbe({
      name: "redis",
      check: () => {
        if (!redisUp) throw new Error("ECONNREFUSED");
      },
    });
    expect(await get("/ready")).toEqual([200, { status: "ok", database: "up", redis: "up" }]);

    redisUp = false;
    expect(await get("/ready")).toEqual([503, { status: "unavailable", database: "up", redis: "down" }]);
    expect(await get("/health")).toEqual([200, { status: "ok" }]);

    redisUp = true;
    addReadinessProbe({ name: "broker", check: () => new Promise(() => {}) }); // never answers: down after 2 s
    expect(await get("/ready")).toEqual([503, { status: "unavailable", database: "up", redis: "up", broker: "down" }]);
    resetReadiness();
  });

  it("a database that stops answering makes /ready 503; shutting down does too", async () => {
    expect(await get("/ready")).toEqual([200, { status: "ok", database: "up" }]);
    startDraining();
    expect(await get("/ready")).toEqual([503, { status: "shutting down", database: "up" }]);
    resetReadiness();

    await handle.close();
    expect(await get("/ready")).toEqual([503, { status: "unavailable", database: "down" }]);
    expect(await get("/health")).toEqual([200, { status: "ok" }]);
    setDbHandle(undefined);
  });
});

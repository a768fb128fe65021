import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, setDbHandle, type DbHandle } from "../db/client";
import { answerHealth } from "./health";

let server: Server;
let url = "";
let handle: DbHandle;

beforeAll(async () => {
  handle = await openPglite(undefined);
  setDbHandle(handle);
  server = createServer((_req, res) => void answerHealth(res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/health`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("/health", () => {
  it("answers 200 while the database answers, and 503 once it does not", async () => {
    const up = await fetch(url);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ok", database: "up" });

    await handle.close();
    const down = await fetch(url);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", database: "down" });
    setDbHandle(undefined);
  });
});

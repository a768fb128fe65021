import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase as withTestDatabase } from "../../tests/support/test-database";
import { accessMiddleware } from "./access.server";
import { databaseGoneMiddleware, noteIfDatabaseGone } from "./database-gone.server";
import { setAvailabilityProbe } from "@server/db/availability";
import { getDbHandle, openPostgres, setDbHandle } from "@server/db/client";

// A request under way when the database went away answers 503 "back in a moment", never the error screen's 500
// (docs/operations.md#health-and-shutdown): pages, their data requests and resource routes such as a provider's webhook.

/** A port nothing listens on: PostgreSQL "refuses" every connection there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The error node-postgres gives when PostgreSQL refuses the connection: a real one. */
async function refusedConnectionError(): Promise<unknown> {
  const port = await closedPort();
  return new pg.Client({ host: "127.0.0.1", port, user: "postgres", connectionTimeoutMillis: 2000 }).connect().then(
    () => new Error("connected where nothing listens"),
    (error: unknown) => error,
  );
}

withTestDatabase();

/** The middleware's answer to a request; `next` plays the rest of the chain (loaders, actions, the render). */
const through = (url: string, next: (request: Request) => Promise<Response>, init: RequestInit = {}) => {
  const request = new Request(`http://localhost${url}`, init);
  return Promise.resolve(
    databaseGoneMiddleware({ request, context: new RouterContextProvider(), params: {}, unstable_pattern: url } as never, () =>
      next(request),
    ),
  ) as Promise<Response>;
};

describe("a request that meets the database gone", () => {
  it("a page whose loader failed for it gets the 503 page, keeping the headers already set", async () => {
    const error = await refusedConnectionError();
    const answer = through("/client-dashboard", async (request) => {
      // handleError (app/entry.server.tsx) sees the loader's error before the error screen is rendered.
      noteIfDatabaseGone(error, request);
      return new Response("<h1>Something went wrong</h1>", { status: 500, headers: { "X-Request-Id": "r-1" } });
    });
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("15");
    expect(res.headers.get("x-request-id")).toBe("r-1");
    expect(await res.text()).toContain("Nothing you paid for or saved is lost.");
  });

  it("a payment webhook whose handler failed for it is told to try again later, as JSON", async () => {
    const error = await refusedConnectionError();
    const answer = through(
      "/api/webhooks/paystack",
      async (request) => {
        noteIfDatabaseGone(error, request);
        return new Response("Unexpected Server Error", { status: 500 });
      },
      { method: "POST", body: "{}" },
    );
    const res = await answer;
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ code: "unavailable" });
  });

  it("a middleware's own read that failed for it (the session, the cart) gets the same answer", async () => {
    const error = await refusedConnectionError();
    const answer = through("/store", () => Promise.reject(error));
    expect((await answer).status).toBe(503);
  });

  it("the access middleware's read of the session and settings, refused by the database, gets the 503 page", async () => {
    // This process's database is one whose server refuses every connection, as during an outage (PostgreSQL
    // restarting); the access middleware reads the settings through it (their cache is per database).
    const before = getDbHandle();
    const unreachable = await openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/zavolah`);
    setDbHandle(unreachable);
    const log = watchLog();
    try {
      const answer = await through("/staff/orders", (request) =>
        Promise.resolve(
          accessMiddleware({ request, context: new RouterContextProvider(), params: {}, unstable_pattern: "/staff/orders" } as never, () =>
            Promise.resolve(new Response("the page")),
          ),
        ).then((response) => response as Response),
      );
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain("Nothing you paid for or saved is lost.");
      log.expectLogged("database unreachable: pages answer 503 until it is back", {
        level: "error",
        err: expect.stringContaining("ECONNREFUSED"),
      });
    } finally {
      setDbHandle(before);
      setAvailabilityProbe(undefined);
      await unreachable.close();
    }
  });

  it("any other failure stays what it is: a 500, or the error thrown on", async () => {
    const answer = through("/store", async (request) => {
      noteIfDatabaseGone(Object.assign(new Error("duplicate key"), { code: "23505" }), request);
      return new Response("failed", { status: 500 });
    });
    expect((await answer).status).toBe(500);
    const bug = new Error("a bug");
    await expect(through("/store", () => Promise.reject(bug))).rejects.toBe(bug);
  });
});

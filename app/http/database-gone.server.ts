import type { MiddlewareFunction } from "react-router";
import { isDatabaseUnreachable } from "@server/db/availability";
import { databaseDownResponse } from "@server/http/unavailable";

// A request already under way when the database went away (its connection dropped mid-statement) gets the answer
// every request gets while it is away: a 503 with Retry-After that says nothing was lost, as a page or as JSON,
// rather than the error screen's 500 (docs/operations.md#health-and-shutdown, decision 0040). Pages, their data
// requests and resource routes alike: a payment provider's webhook then sees "try again later" and sends it again.

/**
 * Requests whose loader, action or resource route failed because the database could not be reached, by the request id
 * the server stamps on each (a route's data request reaches the loaders as a copy of the Request, with its headers).
 * The middleware forgets each when its answer is made.
 */
const metDatabaseGone = new Set<string | Request>();
const keyOf = (request: Request) => request.headers.get("x-zavolah-request-id") || request;

/** Called from handleError (app/entry.server.tsx), which sees the error itself: in production the response and the
 * router's context hold only a sanitized copy. */
export function noteIfDatabaseGone(error: unknown, request: Request): void {
  if (isDatabaseUnreachable(error)) metDatabaseGone.add(keyOf(request));
}

function metDatabaseGoneOn(request: Request): boolean {
  return metDatabaseGone.has(keyOf(request));
}

/** The first middleware of root: wraps every other one, the loaders, actions and the render. */
export const databaseGoneMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  try {
    const response = await next();
    if (response.status >= 500 && metDatabaseGoneOn(request)) return databaseDownResponse(request, new Headers(response.headers));
    return response;
  } catch (error) {
    // A middleware's own read (the session, the cart) that met the database gone: thrown past the router's handling.
    if (isDatabaseUnreachable(error)) return databaseDownResponse(request);
    throw error;
  } finally {
    metDatabaseGone.delete(keyOf(request));
  }
};

import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { accessMiddleware, viewerContext } from "../../app/http/access.server";

/** A route module's loader or action (its typed arguments are React Router's; the call below gives what it reads). */
type TRouteHandler = (args: never) => unknown;
export type TRouteAnswer = { status: number; headers: Headers; body: unknown; viewerSeen: unknown };

/** A data() answer (or thrown refusal) as React Router hands it on: its data and its status. */
const isDataAnswer = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  !!value && typeof value === "object" && "init" in value && "data" in value;

async function answerOf(value: unknown, fallbackStatus: number): Promise<Omit<TRouteAnswer, "viewerSeen">> {
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: the text as it came.
    }
    return { status: value.status, headers: value.headers, body };
  }
  if (isDataAnswer(value))
    return { status: value.init?.status ?? fallbackStatus, headers: new Headers(value.init?.headers), body: value.data };
  return { status: 200, headers: new Headers(), body: value ?? null };
}

/**
 * A request through the server's path for a page's loader or action: the access middleware (route table, session,
 * request shape), then the route's other middleware in order (`middleware`: the cart's, for a cart route), then the
 * handler, as the site runs them. What it answered (a redirect, a data() answer, a thrown
 * refusal) comes back as status, headers and body, with the viewer the middleware saw.
 */
export async function throughRoute(
  handler: TRouteHandler,
  request: Request,
  {
    pattern,
    params = {},
    middleware = [],
  }: { pattern: string; params?: Record<string, string>; middleware?: MiddlewareFunction<Response>[] },
): Promise<TRouteAnswer> {
  const context = new RouterContextProvider();
  let viewerSeen: unknown = "not reached";
  let answer: Omit<TRouteAnswer, "viewerSeen">;
  try {
    const args = { request, context, params, unstable_pattern: pattern } as never;
    const run = async (index: number): Promise<never> => {
      if (index < middleware.length) return (await middleware[index]!(args, () => run(index + 1))) as never;
      const url = new URL(request.url);
      return (await answerOf(await handler({ request, context, params, url, pattern } as never), 200)) as never;
    };
    const reached = await accessMiddleware(args, async () => {
      viewerSeen = context.get(viewerContext);
      return run(0);
    });
    answer = reached as unknown as Omit<TRouteAnswer, "viewerSeen">;
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataAnswer(thrown)) throw thrown;
    answer = await answerOf(thrown, 500);
  }
  return { ...answer, viewerSeen };
}

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext } from "react-router";
import { maskSecrets } from "@domain/messaging/mask-secrets";
import { noteIfDatabaseGone } from "./http/database-gone.server";
import { lowPriorityScriptPreloads } from "./http/script-preloads.server";
import { log } from "@server/log";

export const streamTimeout = 5_000;

// For the process entry (server/main.ts): which pages its page cache may keep, and for whom.
export { pageSharingFor, routePatternFor } from "./http/page-cache-match.server";

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  // server/main.ts stamps a fresh nonce on every request; the CSP header allows only scripts carrying it.
  const nonce = request.headers.get("x-zavolah-nonce") ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A page opened with the auth dialog (?login=true) is sent whole, the dialog in its place: React would otherwise send
    // the dialog (lazily loaded, at the end of a long page) as a hidden part that only a script shows, so without
    // JavaScript it never appeared (docs/product/accounts.md#auth-dialog).
    const dialogOpen = new URL(request.url).searchParams.get("login") === "true";
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode || dialogOpen;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      progressiveChunkSize: dialogOpen ? Number.POSITIVE_INFINITY : undefined,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = lowPriorityScriptPreloads();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Logs real server errors once, with the request's id that the error screen shows (docs/product/site-shell.md#error-pages).
 * Refused input (a 4xx) and an aborted request are not errors: logging them would bury the real ones.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  noteIfDatabaseGone(error, request);
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  log.error(
    { err: error, requestId: request.headers.get("x-zavolah-request-id"), method: request.method, path: maskSecrets(url.pathname) },
    "request failed",
  );
}

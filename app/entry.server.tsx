import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext } from "react-router";
import { maskSecrets } from "@domain/messaging/mask-secrets";
import { log } from "@server/log";

export const streamTimeout = 5_000;

// For the process entry (server/main.ts): which pages its anonymous page cache may keep.
export { isCacheablePage } from "./http/page-cache-match.server";

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  // server/main.ts stamps a fresh nonce on every request; the CSP header allows only scripts carrying it.
  const nonce = request.headers.get("x-zavolah-nonce") ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
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
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  log.error(
    { err: error, requestId: request.headers.get("x-zavolah-request-id"), method: request.method, path: maskSecrets(url.pathname) },
    "request failed",
  );
}

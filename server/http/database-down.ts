import type { IncomingMessage, ServerResponse } from "node:http";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from "@domain/http/unavailable";

// What a visitor gets while the database is unreachable (server/db/availability.ts, docs/operations.md#health-and-shutdown):
// a 503 with Retry-After, as a small page in the site's colours that says nothing was lost and to try again, or as
// JSON for a script's fetch. Cached public pages are still served from memory before this is reached. A request
// already under way when the connection dropped gets the same answer (app/entry.server.tsx, the gateway), not a 500.

export const RETRY_AFTER_SECONDS = 15;

const PAGE = `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${UNAVAILABLE_TITLE} | Zavolah</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b1220; color: #e5e7eb;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
  h1 { font-size: 1.5rem; margin: 0 0 .75rem; color: #fff; }
  p { margin: 0 0 1rem; color: #cbd5e1; }
  a { display: inline-block; margin-top: .5rem; padding: .75rem 1.5rem; border-radius: .5rem; background: #f59e0b;
    color: #111827; font-weight: 600; text-decoration: none; }
</style>
</head>
<body>
<main>
  <h1>${UNAVAILABLE_TITLE}</h1>
  <p>We can't reach our records right now, so this page can't be shown. Nothing you paid for or saved is lost.</p>
  <p>Please try again in a minute.</p>
  <a href="">Try again</a>
</main>
</body>
</html>
`;

/** Whether the caller is a script (a fetch asking for JSON, a route's data request, the gateway) rather than a page. */
function wantsJson(accept: string | null | undefined, url: string): boolean {
  return /application\/json/.test(accept ?? "") || url.includes(".data") || url.startsWith("/api/");
}

const JSON_BODY = JSON.stringify({ code: "unavailable", message: UNAVAILABLE_MESSAGE });

export function answerDatabaseDown(req: IncomingMessage, res: ServerResponse, { json = false }: { json?: boolean } = {}): void {
  res.statusCode = 503;
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (json || wantsJson(req.headers.accept, req.url ?? "")) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    return void res.end(JSON_BODY);
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(req.method === "HEAD" ? undefined : PAGE);
}

/**
 * The same answer as a Response, for a request whose loader, action or resource route met the database gone while it
 * was under way (app/http/database-gone.server.ts). Keeps the headers already set (the request id, security headers).
 */
export function databaseDownResponse(request: Request, headers = new Headers()): Response {
  const url = new URL(request.url);
  const json = wantsJson(request.headers.get("accept"), url.pathname);
  headers.set("Content-Type", json ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  headers.delete("Content-Length");
  return new Response(json ? JSON_BODY : PAGE, { status: 503, headers });
}

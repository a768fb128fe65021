import type { IncomingMessage, ServerResponse } from "node:http";
import { BUSY_MESSAGE, UNAVAILABLE_MESSAGE, UNAVAILABLE_TITLE } from "@domain/http/unavailable";

// What a visitor gets when the site cannot serve them right now: a 503 with Retry-After, as a small page in the site's
// colours that says nothing was lost and to try again, or as JSON for a script's fetch. Two reasons:
// - "database": the database is unreachable (server/db/availability.ts, docs/operations.md#health-and-shutdown). A
//   request already under way when the connection dropped gets the same answer (app/entry.server.tsx, the gateway).
// - "busy": the site has more to do than it can (server/http/load-shedding.ts, docs/operations.md#load-shedding).
// Cached public pages are still served from memory before either is reached.

export type TUnavailableReason = "database" | "busy";

/** How long a client is asked to wait: the database is back in tens of seconds, a busy moment passes in a few. */
export const RETRY_AFTER_SECONDS = { database: 15, busy: 5 } as const satisfies Record<TUnavailableReason, number>;

const SAYS: Record<TUnavailableReason, { lines: string[]; message: string }> = {
  database: {
    lines: [
      "We can't reach our records right now, so this page can't be shown. Nothing you paid for or saved is lost.",
      "Please try again in a minute.",
    ],
    message: UNAVAILABLE_MESSAGE,
  },
  busy: {
    lines: [
      "A lot of people are using Zavolah right now, so this page can't be shown. Nothing you paid for or saved is lost.",
      "Please try again in a few seconds.",
    ],
    message: BUSY_MESSAGE,
  },
};

const page = (lines: string[]) => `<!doctype html>
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
${lines.map((line) => `  <p>${line}</p>\n`).join("")}  <a href="">Try again</a>
</main>
</body>
</html>
`;

const PAGES = { database: page(SAYS.database.lines), busy: page(SAYS.busy.lines) };
const JSON_BODIES = {
  database: JSON.stringify({ code: "unavailable", message: SAYS.database.message }),
  busy: JSON.stringify({ code: "unavailable", message: SAYS.busy.message }),
};

/** Whether the caller is a script (a fetch asking for JSON, a route's data request, the gateway) rather than a page. */
function wantsJson(accept: string | null | undefined, url: string): boolean {
  return /application\/json/.test(accept ?? "") || url.includes(".data") || url.startsWith("/api/");
}

export function answerUnavailable(
  req: IncomingMessage,
  res: ServerResponse,
  { reason, json = false }: { reason: TUnavailableReason; json?: boolean },
): void {
  res.statusCode = 503;
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS[reason]));
  res.setHeader("Cache-Control", "no-store");
  if (json || wantsJson(req.headers.accept, req.url ?? "")) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    return void res.end(JSON_BODIES[reason]);
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(req.method === "HEAD" ? undefined : PAGES[reason]);
}

/**
 * The database's answer as a Response, for a request whose loader, action or resource route met the database gone while
 * it was under way (app/http/database-gone.server.ts). Keeps the headers already set (the request id, security headers).
 */
export function databaseDownResponse(request: Request, headers = new Headers()): Response {
  const url = new URL(request.url);
  const json = wantsJson(request.headers.get("accept"), url.pathname);
  headers.set("Content-Type", json ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS.database));
  headers.set("Cache-Control", "no-store");
  headers.delete("Content-Length");
  return new Response(json ? JSON_BODIES.database : PAGES.database, { status: 503, headers });
}

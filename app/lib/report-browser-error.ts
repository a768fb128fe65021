import {
  BROWSER_ERROR_REPORT_PATH,
  MAX_BROWSER_ERROR_MESSAGE_CHARS,
  MAX_BROWSER_ERROR_STACK_CHARS,
  type TBrowserErrorKind,
  type TBrowserErrorReport,
} from "@domain/errors/browser-error-report";

// A page's errors, sent to the site (docs/operations.md#error-reports) without a reporting library: a few hundred
// bytes of script. A page sends five reports at most, however often it fails.

const MAX_REPORTS_PER_PAGE = 5;
let reportsSent = 0;

/** Sends one error to the site, when the browser has something to say about it. */
export function reportBrowserError(kind: TBrowserErrorKind, thrown: unknown, reference: string | null = null): void {
  const error = thrown instanceof Error ? thrown : null;
  // An error the server already reported arrives without a stack (React Router never sends the server's).
  if (error && !error.stack) return;
  const message = error?.message || (typeof thrown === "string" ? thrown : "");
  // "Script error." is all a browser says of another site's script: nothing to act on.
  if (!message || message === "Script error.") return;
  if (reportsSent >= MAX_REPORTS_PER_PAGE) return;
  reportsSent += 1;
  const report: TBrowserErrorReport = {
    kind,
    type: error?.name || "Error",
    message: message.slice(0, MAX_BROWSER_ERROR_MESSAGE_CHARS),
    stack: error?.stack?.slice(0, MAX_BROWSER_ERROR_STACK_CHARS) ?? null,
    path: window.location.pathname,
    reference,
  };
  const body = JSON.stringify(report);
  try {
    if (navigator.sendBeacon?.(BROWSER_ERROR_REPORT_PATH, new Blob([body], { type: "application/json" }))) return;
    void fetch(BROWSER_ERROR_REPORT_PATH, { method: "POST", body, headers: { "Content-Type": "application/json" }, keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Reporting is best effort: a page must never fail because its error could not be sent.
  }
}

/** Reports the errors no part of the page caught. */
export function watchBrowserErrors(): void {
  window.addEventListener("error", (event) => reportBrowserError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportBrowserError("rejection", event.reason));
}

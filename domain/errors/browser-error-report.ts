// What a visitor's browser sends when a page breaks (docs/operations.md#error-reports): the page's error screen, an
// uncaught error or an unhandled promise rejection, posted to the site itself, which scrubs and forwards it. The
// browser loads no reporting library.

/** Where the browser posts its reports. */
export const BROWSER_ERROR_REPORT_PATH = "/browser-errors";

/** The most a report's body may be, in bytes: a message and a stack, clipped by the browser before sending. */
export const MAX_BROWSER_ERROR_REPORT_BYTES = 16 * 1024;

export const MAX_BROWSER_ERROR_MESSAGE_CHARS = 1_000;
export const MAX_BROWSER_ERROR_STACK_CHARS = 8_000;

/** How the error reached the browser's report: the error screen, `window.onerror`, or an unhandled rejection. */
export const BROWSER_ERROR_KINDS = ["page", "error", "rejection"] as const;
export type TBrowserErrorKind = (typeof BROWSER_ERROR_KINDS)[number];

export type TBrowserErrorReport = {
  kind: TBrowserErrorKind;
  type: string;
  message: string;
  stack: string | null;
  /** The page's path, never its query (which may hold a link's token). */
  path: string;
  /** The request id the error screen shows, when the page has one. */
  reference: string | null;
};

import { createHash } from "node:crypto";
import { scrubText } from "./scrub";

// One error as the site reports it (docs/operations.md#error-reports), from this process (a logged error) or from a
// visitor's browser (server/errors/browser-error-reports.ts), scrubbed before it goes anywhere.

export type TErrorSource = "server" | "browser";

export type TErrorReport = {
  source: TErrorSource;
  /** The error's class ("TypeError"), or "Error" when it has none. */
  type: string;
  message: string;
  stack: string | null;
  /** The request it happened in (the reference the error page shows), when known. */
  requestId: string | null;
  /** The address, its secrets masked. */
  path: string | null;
};

const MAX_MESSAGE_CHARS = 1_000;
const MAX_STACK_CHARS = 8_000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A report with every text scrubbed and clipped. */
export function scrubbedReport(report: TErrorReport): TErrorReport {
  return {
    ...report,
    type: clip(scrubText(report.type), 100),
    message: clip(scrubText(report.message), MAX_MESSAGE_CHARS),
    stack: report.stack === null ? null : clip(scrubText(report.stack), MAX_STACK_CHARS),
    path: report.path === null ? null : clip(scrubText(report.path), 500),
  };
}

/** What was thrown, as a type, a message and a stack (a thrown string or object has no stack). */
export function describeThrown(thrown: unknown, fallbackMessage: string): Pick<TErrorReport, "type" | "message" | "stack"> {
  if (thrown instanceof Error)
    return { type: thrown.name || "Error", message: thrown.message || fallbackMessage, stack: thrown.stack ?? null };
  if (typeof thrown === "string") return { type: "Error", message: thrown, stack: null };
  return { type: "Error", message: fallbackMessage, stack: null };
}

/** The stack's frames without line and column numbers: the same code failing again after a deploy is the same error. */
function framesOf(stack: string | null): string[] {
  if (!stack) return [];
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5)
    .map((line) =>
      line
        .trim()
        .replace(/:\d+(?::\d+)?\)?$/, "")
        .replace(/\?[^\s)]*/, ""),
    );
}

/**
 * Which errors are "the same" on the error list: the source, the type, the message with its numbers and quoted parts
 * taken out (an order number or a name changes, the failure does not), and the top of the stack.
 */
export function fingerprintOf(report: Pick<TErrorReport, "source" | "type" | "message" | "stack">): string {
  const message = report.message.replace(/"[^"]*"|'[^']*'/g, "…").replace(/\d+/g, "0");
  const key = [report.source, report.type, message, ...framesOf(report.stack)].join("\n");
  return createHash("sha256").update(key).digest("hex").slice(0, 32);
}

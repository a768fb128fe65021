import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import {
  BROWSER_ERROR_KINDS,
  MAX_BROWSER_ERROR_MESSAGE_CHARS,
  MAX_BROWSER_ERROR_REPORT_BYTES,
  MAX_BROWSER_ERROR_STACK_CHARS,
} from "@domain/errors/browser-error-report";
import { countBrowserErrorReport } from "../metrics/registry";
import { createMinuteLimiter } from "../http/minute-limiter";
import { isBodyOfType, JSON_TYPES } from "../http/request-body";
import { reportError } from "./report-error";

// POST /browser-errors (docs/operations.md#error-reports): a visitor's page reports its error here and the site sends
// it on, scrubbed, with the server's. Anyone can post, so it costs little and can be flooded without harm: a body past
// 16 KB is refused unread, each address may send a few reports a minute and the whole instance a few dozen, counted
// in this process's memory (a report lost to a limit is harmless, and a flood must not reach the database or Redis,
// which the sign-in limits use). Every refusal is a 4xx and is counted (browser_error_reports_total).

export const REPORTS_PER_ADDRESS_PER_MINUTE = 10;
export const REPORTS_PER_INSTANCE_PER_MINUTE = 120;

const ZBrowserErrorReport = z.object({
  kind: z.enum(BROWSER_ERROR_KINDS),
  type: z.string().trim().min(1).max(100),
  message: z.string().min(1).max(MAX_BROWSER_ERROR_MESSAGE_CHARS),
  stack: z.string().max(MAX_BROWSER_ERROR_STACK_CHARS).nullable(),
  path: z.string().startsWith("/").max(500),
  reference: z
    .string()
    .regex(/^[0-9A-F]{10}$/)
    .nullable(),
});

const newLimiter = () => createMinuteLimiter({ perAddress: REPORTS_PER_ADDRESS_PER_MINUTE, total: REPORTS_PER_INSTANCE_PER_MINUTE });
let limiter = newLimiter();

/** A fresh count, for a test that checks the limits from a clean minute. */
export function resetBrowserErrorLimits(): void {
  limiter = newLimiter();
}

function answer(req: IncomingMessage, res: ServerResponse, status: number, message?: string, headers: Record<string, string> = {}) {
  // What is left of the body is read and thrown away: a socket closed with unread data is reset, and the answer lost.
  req.resume();
  res.writeHead(status, { "Cache-Control": "no-store", ...(message ? { "Content-Type": "text/plain; charset=utf-8" } : {}), ...headers });
  res.end(message);
}

export function answerBrowserErrorReport(req: IncomingMessage, res: ServerResponse, address: string, now = Date.now()): void {
  if (!isBodyOfType(req.headers["content-type"], JSON_TYPES)) {
    countBrowserErrorReport("invalid");
    return answer(req, res, 415, "Error reports are JSON.");
  }
  if (Number(req.headers["content-length"] ?? 0) > MAX_BROWSER_ERROR_REPORT_BYTES) {
    countBrowserErrorReport("too_large");
    return answer(req, res, 413, "The report is too large.");
  }
  if (limiter.tooMany(address, now)) {
    countBrowserErrorReport("too_many");
    return answer(req, res, 429, "Too many reports.", { "Retry-After": "60" });
  }
  limiter.count(address, now);
  const chunks: Buffer[] = [];
  let bytes = 0;
  let refused = false;
  req.on("data", (chunk: Buffer) => {
    if (refused) return;
    bytes += chunk.length;
    if (bytes > MAX_BROWSER_ERROR_REPORT_BYTES) {
      refused = true;
      countBrowserErrorReport("too_large");
      return answer(req, res, 413, "The report is too large.");
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (refused) return;
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
    } catch {
      body = undefined;
    }
    const parsed = ZBrowserErrorReport.safeParse(body);
    if (!parsed.success) {
      countBrowserErrorReport("invalid");
      return answer(req, res, 400, "This is not an error report.");
    }
    countBrowserErrorReport("accepted");
    const report = parsed.data;
    reportError({
      source: "browser",
      type: report.type,
      message: report.message,
      stack: report.stack,
      requestId: report.reference,
      path: report.path,
    });
    answer(req, res, 204);
  });
  req.on("error", () => undefined);
}

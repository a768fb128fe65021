import { sql } from "drizzle-orm";
import { databaseIsDown } from "../db/availability";
import { getDb } from "../db/client";
import { log } from "../log";
import { processGlobal } from "../process-global";
import { countErrorReport } from "../metrics/registry";
import { fingerprintOf, type TErrorReport } from "./error-report";
import { errorGroups } from "./schema";

// The site's own error list, when no error-reporting service is set (docs/operations.md#error-reports). Errors are
// counted in memory and written every few seconds, one row per fingerprint: a failure met by every request costs one
// write per interval, not one per request, and never slows the requests that meet it. A few hundred different
// errors at once are kept; past that, new ones are dropped and counted (error_reports_total{outcome="dropped"}).

export const MAX_PENDING_GROUPS = 200;

type TPending = { report: TErrorReport; count: number; firstSeenAt: Date; lastSeenAt: Date };

/** Counted but not yet written; one a process (server/process-global.ts): the pages' bundle counts and writes too. */
const pending = processGlobal("error-groups-pending", () => new Map<string, TPending>());

/** Counts an error (already scrubbed) for the next write of the list. */
export function noteErrorGroup(report: TErrorReport, now = new Date()): void {
  const fingerprint = fingerprintOf(report);
  const seen = pending.get(fingerprint);
  if (seen) {
    seen.count += 1;
    seen.lastSeenAt = now;
    seen.report = report;
    return;
  }
  if (pending.size >= MAX_PENDING_GROUPS) return countErrorReport(report.source, "dropped");
  pending.set(fingerprint, { report, count: 1, firstSeenAt: now, lastSeenAt: now });
}

/**
 * Writes what was counted since the last write: new errors are added, known ones counted on with their last request
 * id, address and stack. While the database is away the counts wait in memory for the next write.
 */
export async function flushErrorGroups(): Promise<void> {
  if (pending.size === 0 || databaseIsDown()) return;
  const batch = [...pending.entries()];
  pending.clear();
  for (const [fingerprint, { report, count, firstSeenAt, lastSeenAt }] of batch) {
    try {
      await getDb()
        .insert(errorGroups)
        .values({
          fingerprint,
          source: report.source,
          type: report.type,
          message: report.message,
          stack: report.stack,
          count,
          firstSeenAt,
          lastSeenAt,
          lastRequestId: report.requestId,
          lastPath: report.path,
        })
        .onConflictDoUpdate({
          target: errorGroups.fingerprint,
          set: {
            count: sql`${errorGroups.count} + ${count}`,
            lastSeenAt: sql`greatest(${errorGroups.lastSeenAt}, excluded.last_seen_at)`,
            message: report.message,
            stack: report.stack,
            lastRequestId: report.requestId,
            lastPath: report.path,
          },
        });
      countErrorReport(report.source, "listed", count);
    } catch (error) {
      // Logged below the error level, which would report it again.
      log.warn({ err: error, fingerprint }, "an error could not be added to the error list");
      countErrorReport(report.source, "dropped", count);
    }
  }
}

/** Starts writing the list every `everyMs`; the returned function stops and writes what is left. */
export function startErrorGroupWriter(everyMs = 5_000): () => Promise<void> {
  const timer = setInterval(() => void flushErrorGroups(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flushErrorGroups();
  };
}

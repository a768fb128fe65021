import { lt } from "drizzle-orm";
import type { TJob } from "../jobs/scheduler";
import { getDb } from "../db/client";
import { log } from "../log";
import { siteVisits } from "./schema";

/** Visits are kept 13 months (docs/product/visits.md#what-is-kept): a year to compare with, and a month to look at it. */
export const VISIT_RETENTION_DAYS = 396;

/** Removes visits older than the retention; returns how many. */
export async function pruneVisits(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - VISIT_RETENTION_DAYS * 86_400_000);
  const removed = await getDb().delete(siteVisits).where(lt(siteVisits.at, cutoff)).returning({ id: siteVisits.id });
  if (removed.length) log.info({ removed: removed.length }, "old site visits removed");
  return removed.length;
}

export const visitRetentionJob: TJob = {
  name: "visit-retention",
  label: "Visit counts retention",
  description: "Once a day, removes page visit counts older than 13 months.",
  periodSeconds: 24 * 3600,
  async run() {
    await pruneVisits();
  },
};

import { deleteOlderThan } from "../db/delete-older-than";
import type { TJob } from "../jobs/scheduler";
import { powerReadings } from "./schema";

/**
 * Raw readings are kept 35 days (docs/product/power-tracking.md#what-is-kept): the live view and the battery curve use
 * the last day, a month is enough to look into a fault. Energy by day is kept for good.
 */
export const READING_RETENTION_DAYS = 35;

/** Removes readings older than the retention; returns how many. */
export const pruneReadings = (now = new Date()): Promise<number> =>
  deleteOlderThan(powerReadings, powerReadings.at, READING_RETENTION_DAYS, now, "old power readings removed");

export const powerReadingRetentionJob: TJob = {
  name: "power-reading-retention",
  label: "Solar readings retention",
  description: "Once a day, removes solar installations' raw readings older than 35 days (energy by day is kept).",
  periodSeconds: 24 * 3600,
  async run() {
    await pruneReadings();
  },
};

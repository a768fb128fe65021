import { deleteOlderThan } from "../db/delete-older-than";
import type { TJob } from "../jobs/scheduler";
import { siteVisits } from "./schema";

/** Visits are kept 13 months (docs/product/visits.md#what-is-kept): a year to compare with, and a month to look at it. */
export const VISIT_RETENTION_DAYS = 396;

/** Removes visits older than the retention; returns how many. */
export const pruneVisits = (now = new Date()): Promise<number> =>
  deleteOlderThan(siteVisits, siteVisits.at, VISIT_RETENTION_DAYS, now, "old site visits removed");

export const visitRetentionJob: TJob = {
  name: "visit-retention",
  label: "Visit counts retention",
  description: "Once a day, removes page visit counts older than 13 months.",
  periodSeconds: 24 * 3600,
  async run() {
    await pruneVisits();
  },
};

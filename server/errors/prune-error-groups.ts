import { deleteOlderThan } from "../db/delete-older-than";
import type { TJob } from "../jobs/scheduler";
import { errorGroups } from "./schema";

/** How long an error not met again stays on the list (docs/operations.md#error-reports). */
export const ERROR_GROUP_RETENTION_DAYS = 30;

/** Removes the errors not met for 30 days; returns how many. */
export async function pruneErrorGroups(now = new Date()): Promise<number> {
  return deleteOlderThan(errorGroups, errorGroups.lastSeenAt, ERROR_GROUP_RETENTION_DAYS, now, "old errors removed from the error list");
}

export const errorListRetentionJob: TJob = {
  name: "error-list-retention",
  label: "Error list retention",
  description: "Once a day, removes from the error list the errors not met again for 30 days.",
  periodSeconds: 24 * 3600,
  async run() {
    await pruneErrorGroups();
  },
};

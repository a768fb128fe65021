import { desc } from "drizzle-orm";
import { getDb } from "../db/client";
import { env } from "../env";
import { flushErrorGroups } from "./record-error-groups";
import { errorGroups } from "./schema";

/**
 * The admin's error list (docs/operations.md#error-reports): the errors met most recently first, with what this
 * instance counted but had not written yet; and whether errors now go to the error-reporting service instead.
 */
export async function listErrorGroups(limit = 100) {
  await flushErrorGroups();
  const groups = await getDb().select().from(errorGroups).orderBy(desc(errorGroups.lastSeenAt)).limit(limit);
  return { groups, reportingService: Boolean(env.SENTRY_DSN) };
}

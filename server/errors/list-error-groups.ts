import { desc } from "drizzle-orm";
import { getDb } from "../db/client";
import { errorGroups } from "./schema";

/** The admin's error list (docs/operations.md#error-reports): the errors met most recently first. */
export async function listErrorGroups(limit = 100) {
  return getDb().select().from(errorGroups).orderBy(desc(errorGroups.lastSeenAt)).limit(limit);
}

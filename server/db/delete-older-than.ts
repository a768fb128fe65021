import { lt } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { log } from "../log";
import { getDb } from "./client";

// The retention jobs' one step (visits, audit entries, solar readings, unconfirmed ZavCharge registrations): the rows
// kept longer than their retention go. Each context calls it for its own table.

/**
 * Deletes the rows of `table` whose `at` is more than `days` days before `now`, logs how many went (`removedWhat`, with
 * `fields`) when any did, and returns how many.
 */
export async function deleteOlderThan(
  table: PgTable,
  at: AnyPgColumn,
  days: number,
  now: Date,
  removedWhat: string,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const removed = await getDb().delete(table).where(lt(at, cutoff)).returning({ at });
  if (removed.length) log.info({ removed: removed.length, ...fields }, removedWhat);
  return removed.length;
}
